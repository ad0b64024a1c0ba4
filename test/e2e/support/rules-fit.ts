/**
 * The rules on the projector (issue 24): a club's own copy that says the most, and a measure of
 * whether a rules page fits the projector's screen (test/e2e/languages.test.ts).
 */
import type { Page } from 'playwright'
import { PRESETS } from '../../../src/engine/rulesets'
import type { Ruleset } from '../../../src/shared/ruleset'

/** A club's own copy that says the most: every optional line on, long names of its own. */
export const CLUB: Ruleset = {
  ...PRESETS.estonian,
  id: 'our-club',
  name: 'Our club, Thursday nights',
  // the club's own long names, typed in every language
  names: Object.fromEntries(
    Object.entries(PRESETS.estonian.names).map(([l, w]) => [
      l,
      { ...w, roleNames: { mafia: 'Godfather’s family', investigator: 'Commissioner', doctor: 'Night nurse', citizen: 'Honest villager' } },
    ]),
  ) as Ruleset['names'],
  options: {
    ...PRESETS.estonian.options,
    firstDeadBecomesReferee: true,
    investigatorMayRepeat: false,
    doctorMafiaDraw: true,
    singleNomineeExecuted: true,
    dayMustEndWithDeath: true,
    dayTimeLimit: 15 * 60,
    dayTimeoutAction: 'randomDeath',
    lastWords: true,
    revealOnNightDeath: true,
  },
}

export interface Fit {
  page: string
  overflow: boolean
  outside: number
  smallestPx: number
}

/**
 * Once page `page` shows in `lang` and has settled (it fits, or it has shrunk as far as it may):
 * whether the board scrolls, how many lines leave the screen, and the smallest line's font size.
 */
export async function measureRules(projector: Page, lang: string, page: string): Promise<Fit> {
  const handle = await projector.waitForFunction(
    ({ lang, page }) => {
      const board = document.querySelector<HTMLElement>('[data-test=rules-board]')
      if (!board || board.lang !== lang || board.querySelector('[data-test=rules-page]')?.textContent?.trim() !== page) return null
      const overflow = board.scrollHeight > board.clientHeight + 1 || board.scrollWidth > board.clientWidth + 1
      if (overflow && Number(board.style.getPropertyValue('--fit') || 1) > 0.5) return null
      const lines = [...board.querySelectorAll<HTMLElement>('[data-test=rules-line]')]
      const outside = lines.filter((l) => {
        const r = l.getBoundingClientRect()
        return r.bottom > window.innerHeight + 0.5 || r.right > window.innerWidth + 0.5 || r.top < 0
      }).length
      return { page, overflow, outside, smallestPx: Math.min(...lines.map((l) => parseFloat(getComputedStyle(l).fontSize))) }
    },
    { lang, page },
    { timeout: 10_000 },
  )
  return (await handle.jsonValue()) as Fit
}
