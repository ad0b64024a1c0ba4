import { ANSWER_STYLE, LANGUAGE_WORDS, PRESET_WORDS, SOURCE_LANGUAGE, type Term } from './glossary'
import { LANGUAGE_IDS, LANGUAGES } from './languages'
import { ROLE_IDS } from './roles'
import { PRESET_IDS } from './ruleset'
import { COUNTED, TERMS } from './terms'

/** docs/glossary.md, printed from src/shared/glossary.ts (`npx tsx scripts/glossary.ts`; glossary.test.ts checks it is current). */
export function glossaryMarkdown(): string {
  const cell = (t: Term, the?: string) => `${t.word}${the ? ` (${the})` : ''} — ${t.why}`.replace(/\|/g, '\\|')
  const out: string[] = [
    '# Glossary',
    '',
    '<!-- Printed from src/shared/glossary.ts by `npx tsx scripts/glossary.ts`; edit that file, not this one. -->',
    '',
    'The words of each ruleset in each language, with the reason each was chosen. ★ marks the source',
    'text’s own word, in its own language (`../shared/seeds/`). The presets take their role, team and',
    'ruleset names from here; a club’s own ruleset copies them and may change them in the rules editor.',
    'A role word a ruleset chooses is never typed inside a locale sentence: it comes through a',
    'placeholder (`{role}`, `{theRole}` where a language needs the definite form: "Konstapeln vaknar",',
    '"A felügyelő rákérdezett"). `src/shared/glossary.test.ts` checks both.',
    '',
  ]
  for (const p of PRESET_IDS) {
    const style = ANSWER_STYLE[p]
    out.push(`## ${PRESET_WORDS[p].en.ruleset.word} (source text: ${LANGUAGES[SOURCE_LANGUAGE[p]]})`, '')
    out.push(
      `Answer: ${style.yes === 'answerMafia' ? 'mafia / not mafia' : 'evil / good'}; gesture: ${style.yesGesture === 'thumbUp' ? 'thumb up' : 'thumb down'} = ${style.yes === 'answerMafia' ? 'mafia' : 'evil'}.`,
      '',
    )
    out.push('| Language | Ruleset | Mafia | Investigator | Doctor | Citizen | Town | Mafia team |', '|---|---|---|---|---|---|---|---|')
    for (const l of LANGUAGE_IDS) {
      const w = PRESET_WORDS[p][l]
      out.push(
        `| ${l} | ${cell(w.ruleset)} | ${ROLE_IDS.map((r) => cell(w.roles[r], w.roles[r].the)).join(' | ')} | ${cell(w.teams.town)} | ${cell(w.teams.mafia)} |`,
      )
    }
    out.push('')
  }
  out.push('## Every ruleset: phases, vote, answers, gestures', '')
  const keys = Object.keys(LANGUAGE_WORDS.en) as (keyof (typeof LANGUAGE_WORDS)['en'])[]
  out.push(`| Language | ${keys.join(' | ')} |`, `|---|${keys.map(() => '---').join('|')}|`)
  for (const l of LANGUAGE_IDS) out.push(`| ${l} | ${keys.map((k) => cell(LANGUAGE_WORDS[l][k])).join(' | ')} |`)
  out.push('')
  out.push(
    '## One word per concept (src/shared/terms.ts)',
    '',
    'The game’s other words a club says one way only, and the words a locale line must not use for',
    'them; `src/shared/terms.test.ts` fails on a line that does (outside the keys where the word means',
    'something else, such as the game’s draw). Counted nouns: the form after 1 / after 2 or more (and',
    'a plural that never follows a number); the test reads every message at 1 and at 2.',
    '',
    '| Language | Concept | Word | Not | Why |',
    '|---|---|---|---|---|',
  )
  const esc = (s: string) => s.replace(/\|/g, '\\|')
  for (const l of LANGUAGE_IDS)
    for (const [id, c] of Object.entries(TERMS[l])) out.push(`| ${l} | ${id} | ${esc(c.word)} | ${esc(c.not.join(', '))} | ${esc(c.why)} |`)
  out.push('', '| Language | Counted nouns (1 / 2+ / never after a number) |', '|---|---|')
  for (const l of LANGUAGE_IDS)
    out.push(`| ${l} | ${COUNTED[l].length ? COUNTED[l].map((c) => c.filter(Boolean).join(' / ')).join('; ') : '— (counters: 1人, 3票)'} |`)
  out.push('')
  return out.join('\n')
}
