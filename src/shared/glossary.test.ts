import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fold, localeMessages } from '../../test/support/locales'
import { PRESETS } from '../engine/rulesets'
import { ANSWER_STYLE, LANGUAGE_WORDS, PRESET_WORDS } from './glossary'
import { glossaryMarkdown } from './glossary-doc'
import { LANGUAGE_IDS, type Language } from './languages'
import { presetNames } from './role-names'
import { ROLE_IDS } from './roles'
import { PRESET_IDS } from './ruleset'

/**
 * The glossary (src/shared/glossary.ts) against the locale files and the presets: every language's
 * words are the glossary's, and a role word a ruleset chooses is never typed inside a sentence.
 */
const messages = localeMessages

/**
 * The role words a ruleset chooses in `lang`: a role whose word differs between the presets
 * (felügyelő / rendőr, polgár / falusi / földműves, Mafioso / Mafia). Those come only through a
 * placeholder filled from the ruleset's names. A role that has one word in every preset of a
 * language (hu maffiózó, orvos; sv läkare) is the glossary's fixed word there and may be inflected
 * inside a sentence ("Maffiózók, …", "läkaren"), as long as it is that word.
 */
function chosenWords(lang: Language): string[] {
  return ROLE_IDS.flatMap((role) => {
    const words = new Set(PRESET_IDS.map((p) => fold(PRESET_WORDS[p][lang].roles[role].word)))
    return words.size > 1 ? [...words] : []
  })
}

/** Words that may stand in a sentence although they start like a role word: the teams' words and the investigator's answers. */
function allowedWords(lang: Language): string[] {
  const w = LANGUAGE_WORDS[lang]
  const teams = PRESET_IDS.flatMap((p) => [PRESET_WORDS[p][lang].teams.town.word, PRESET_WORDS[p][lang].teams.mafia.word])
  return [...teams, w.answerMafia.word, w.answerNotMafia.word].map(fold).sort((a, b) => b.length - a.length)
}

describe('the glossary', () => {
  it('is where the presets take their role and team names from, in every language', () => {
    for (const p of PRESET_IDS) expect(PRESETS[p].names).toEqual(presetNames(p))
    for (const p of PRESET_IDS)
      for (const l of LANGUAGE_IDS) for (const r of ROLE_IDS) expect(PRESET_WORDS[p][l].roles[r].why.length, `${p}/${l}/${r}`).toBeGreaterThan(3)
  })

  it('has the source texts’ own words (★) in their languages', () => {
    expect(Object.values(presetNames('maffiasig').hu.roleNames)).toEqual(expect.arrayContaining(['Maffiózó', 'Felügyelő', 'Polgár']))
    expect(presetNames('maffiasig').ja.roleNames).toMatchObject({ mafia: 'マフィア', investigator: '検査官', citizen: '市民' })
    expect(presetNames('estonian').et.roleNames).toEqual({ mafia: 'Maffia', investigator: 'Politseinik', doctor: 'Arst', citizen: 'Külaelanik' })
    expect(presetNames('swedish').sv.roleNames).toEqual({ mafia: 'Maffia', investigator: 'Konstapel', doctor: 'Läkare', citizen: 'Bonde' })
  })

  it('docs/glossary.md is printed from it (npx tsx scripts/glossary.ts)', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'glossary.md'), 'utf8')
    expect(doc).toBe(glossaryMarkdown())
  })

  for (const lang of LANGUAGE_IDS) {
    describe(lang, () => {
      const m = messages(lang)
      const w = LANGUAGE_WORDS[lang]
      const has = (key: string, term: string | { word: string; stem?: string }) => {
        const word = typeof term === 'string' ? term : (term.stem ?? term.word)
        expect(fold(m[key] ?? ''), `${lang} ${key}: "${m[key]}" should say "${word}"`).toContain(fold(word))
      }

      it('names the phases, the vote and the execution with the glossary’s words', () => {
        has('phase.night', w.night)
        has('phase.day', w.day)
        has('story.night', w.night)
        has('story.day', w.day)
        has('stage.vote', w.vote)
        has('vote.execute', w.execution)
        has('script.day.vote.execute', w.execution)
      })

      it('answers the investigator with the glossary’s words and gestures', () => {
        for (const p of PRESET_IDS) {
          const style = ANSWER_STYLE[p]
          const noGesture = style.yesGesture === 'thumbUp' ? 'thumbDown' : 'thumbUp'
          has(`script.night.investigator.${style.yes}`, w[style.yes].word)
          has(`script.night.investigator.${style.yes}`, w[style.yesGesture].word)
          has(`script.night.investigator.${style.no}`, w[style.no].word)
          has(`script.night.investigator.${style.no}`, w[noGesture].word)
        }
      })

      it('writes the investigator’s answer in one form everywhere: game buttons, story and CLI say the glossary’s words', () => {
        const same = (key: string, term: { word: string }) =>
          expect(fold(m[key] ?? ''), `${lang} ${key}: "${m[key]}" should be "${term.word}"`).toBe(fold(term.word))
        same('story.checkMafia', w.answerMafia)
        same('story.checkNotMafia', w.answerNotMafia)
        same('story.checkEvil', w.answerEvil)
        same('story.checkGood', w.answerGood)
        same('cli.replay.mafia', w.answerMafia)
        same('cli.replay.notMafia', w.answerNotMafia)
        same('cli.replay.evil', w.answerEvil)
        same('cli.replay.good', w.answerGood)
        has('night.answer.mafia.yes', w.answerMafia.word)
        has('night.answer.mafia.no', w.answerNotMafia.word)
        has('night.answer.evil.yes', w.answerEvil.word)
        has('night.answer.evil.no', w.answerGood.word)
      })

      it('types no role word a ruleset chooses inside a sentence: those come from the ruleset, through a placeholder', () => {
        const words = chosenWords(lang)
        const allowed = allowedWords(lang)
        // Every message, with no exemption: the presets' descriptions, the estimate's explanations, the
        // setup checks and the rules editor's field labels too take their role words from the ruleset.
        const typed = Object.entries(m).flatMap(([key, text]) => {
          let rest = fold(text.replace(/\{\w+\}/g, ' '))
          for (const a of allowed) rest = rest.split(a).join(' ')
          const hit = words.filter((word) => new RegExp(`(?<!\\p{L})${word}`, 'u').test(rest))
          return hit.length ? [`${key}: ${hit.join(', ')} in "${text}"`] : []
        })
        expect(typed).toEqual([])
      })
    })
  }
})
