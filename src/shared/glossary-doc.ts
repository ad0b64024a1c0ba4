import { ANSWER_STYLE, LANGUAGE_WORDS, PRESET_WORDS, SOURCE_LANGUAGE, type Term } from './glossary'
import { LANGUAGE_IDS, LANGUAGES } from './languages'
import { ROLE_IDS } from './roles'
import { PRESET_IDS } from './ruleset'

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
  return out.join('\n')
}
