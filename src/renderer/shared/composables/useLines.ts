import { useI18n } from 'vue-i18n'
import type { RulesetNames } from '../../../shared/ruleset'
import type { Words } from '../../../shared/text/line'
import { scriptText } from '../../../shared/text/script'
import type { Line } from '../../../shared/views'

/**
 * The host's message lines (script, undo label, game log) in the window's language: src/shared/text/script.ts
 * on the window's words (vue-i18n's global composer); a line whose id the locale files lack (in the language and in English) shows as `[id]`.
 */
export function useLines() {
  const composer = useI18n({ useScope: 'global' })
  const { te } = composer
  const words = composer as unknown as Words

  function lineText(line: Line, names?: RulesetNames): string {
    const key = `script.${line.key}`
    return te(key) || te(key, 'en') ? scriptText(words, line, names) : `[${line.key}]`
  }

  return { lineText }
}
