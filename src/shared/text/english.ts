import { flattenMessages, pluralForm } from '../script-en'
import type { Words } from './line'

/**
 * English words from one English locale file (or a few), for the messages the engine and the host
 * write in English — logs, the CLI, tests — without loading every language: `lineText` renders a
 * line with them exactly as with any other words. A key the files do not have reads as itself.
 */
export function englishWords(...files: readonly unknown[]): Words {
  const messages: Record<string, string> = Object.assign({}, ...files.map((f) => flattenMessages(f)))
  return {
    t: (key, named = {}, plural) => {
      const message = messages[key]
      if (message === undefined) return key
      const by = plural ?? [named.count, named.n].find((x): x is number => typeof x === 'number')
      const form = by === undefined ? message : pluralForm(message, by)
      return form.replace(/\{(\w+)\}/g, (whole, k: string) => (k in named ? String(named[k]) : whole))
    },
    locale: { value: 'en' },
  }
}
