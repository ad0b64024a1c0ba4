/**
 * WCAG 2.2 AA in the real browser: axe-core (through @axe-core/playwright) run on a page as it is
 * on screen, the serious and critical violations as one line each (rule, impact, the elements).
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'

/** Every WCAG 2.0, 2.1 and 2.2 success criterion at levels A and AA that axe checks. */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const

/** The serious and critical WCAG A/AA violations on `page` now (inside `include` if given), one line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Only the violations are worked out in full (the passes are not collected): a quicker run.
  let builder = new AxeBuilder({ page }).withTags([...WCAG_AA]).options({ resultTypes: ['violations'] })
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`)
          .join('; ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`,
    )
}
