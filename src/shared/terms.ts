import type { Language } from './languages'

/**
 * One word per concept per language, and the forms a counted noun takes after a number. The
 * glossary (glossary.ts) holds the words a ruleset chooses (roles, teams) and the phase, vote and
 * answer words; this list holds the other words of the game that a club says one way only — the
 * vote tie, a suspect, a night call, saving a player, the drawn death, the referee, a role — and the
 * words a locale line must not use for them. `terms.test.ts` fails on a locale line that uses a
 * replaced word (outside the keys where that word means something else: hu "döntetlen" is the
 * game's draw, not a vote tie), and on a number followed by the wrong form of its noun ("1 röster").
 * `docs/glossary.md` prints this list too.
 */
export interface Concept {
  /** The word (or stem) the language uses for the concept. */
  word: string
  /** Words (lower case; a stem matches every inflected form) that a locale line must not use for it. */
  not: string[]
  why: string
  /** Keys (a prefix ends in "."; else exact) where a replaced word means something else and may stand. */
  except?: string[]
}

export const CONCEPTS = ['tie', 'suspect', 'call', 'save', 'drawnDeath', 'referee', 'role', 'town', 'nightIntro'] as const
export type ConceptId = (typeof CONCEPTS)[number]

/** The game's draw (nobody wins) in the winner lines, the rules and the options: there the draw word is right. */
const DRAW_KEYS = [
  'winner.',
  'rules.label.draw',
  'cards.win.',
  'club.',
  'options.doctorMafiaDraw.',
  'rules.win.',
  'rules.teams.',
  'cli.simulate.',
  'cli.replay.winner',
  'cli.replay.draw',
  'script.over.draw',
  'presets.swedish.description',
  'setup.estimate.',
]

export const TERMS: Record<Language, Partial<Record<ConceptId, Concept>>> = {
  en: {
    tie: { word: 'tie', not: ['draw between', 'drawn vote'], why: 'a vote tie is a tie; a draw is the game ending with no winner' },
    suspect: { word: 'suspect', not: ['nominee'], why: 'the projector says Suspects' },
    nightIntro: { word: 'introduction night', not: ['night 0', 'night zero'], why: 'night 0 is read aloud: it has a name, not a number' },
  },
  hu: {
    tie: {
      word: 'szavazategyenlőség',
      not: ['döntetlen', 'holtverseny'],
      why: 'döntetlen is the game’s draw (winner.draw); a vote tie is szavazategyenlőség',
      except: DRAW_KEYS,
    },
    save: {
      word: 'megment',
      not: ['gyógyít', 'meggyógyít', 'gyógyítás'],
      why: 'nobody is ill: the doctor saves (the wake line, cards, rules and refusals say megment)',
    },
    drawnDeath: { word: 'kisorsolt halott', not: ['véletlen halál', 'véletlenszerű halál'], why: '★ the source text’s term: „kisorsolt halott”' },
    suspect: {
      word: 'gyanúsított',
      not: ['jelölt', 'jelölés', 'jelöl'],
      why: 'a jelölt is an election candidate; the projector shows Gyanúsítottak and the referee says „nevezzétek meg a gyanúsítottakat”',
    },
    call: { word: 'hívás', not: ['szólít'], why: 'the game screen’s word: „A hívás vége”, „A ma éjjeli hívások”' },
    town: {
      word: 'polgárok',
      not: ['város'],
      why: 'the team is the polgárok (★ „a polgárság célja”); „A város alszik” is the referee’s night call, not the team',
      except: ['script.night.begin'],
    },
    nightIntro: { word: 'nulladik éjszaka', not: ['bemutatkozó éjszaka', '0. éjszaka'], why: '★ the source text’s term: „ez az un. nulladik éjszaka”' },
  },
  et: {
    tie: { word: 'häälte võrdsus', not: ['viik'], why: 'viik is the game’s draw; a vote tie is häälte võrdsus (as script.day.vote.tie)', except: DRAW_KEYS },
    suspect: { word: 'kahtlustatav', not: ['kahtlusalu'], why: 'the projector and the game screen say kahtlustatav' },
    nightIntro: { word: 'tutvumisöö', not: ['0. öö', 'öö 0'], why: 'night 0 is read aloud: tutvumisöö, the app’s own word' },
  },
  sv: {
    call: { word: 'tur', not: ['upprop', 'uppkallning', 'väckning'], why: 'the game screen says ”Avsluta turen”, the seed ”ge turen till konstapeln”' },
    nightIntro: { word: 'introduktionsnatt', not: ['natt 0', 'presentationsnatt'], why: 'night 0 is read aloud: introduktionsnatten, the value label’s word' },
  },
  ja: {
    referee: { word: '審判', not: ['進行役'], why: '★ the source text’s word, and what players hear from the projector' },
    role: { word: '役職', not: ['役割'], why: 'one word for a role; 役職 is the word of Japanese party games (人狼)' },
    tie: { word: '同数', not: ['同票'], why: 'the projector says 同数' },
    save: { word: '守る', not: ['治療', '治す', '治し', '治さ'], why: 'the doctor protects from the mafia: 守る, as the cards, rules, story and estimate' },
    drawnDeath: { word: '抽選で死亡', not: ['ランダムな死', 'ランダムに死'], why: 'a calque; the rules page says 抽選' },
    nightIntro: { word: '特別な夜', not: ['0日目', '顔合わせの夜', '第0夜'], why: '★ the source text: 「ゲームは特別な夜から始まります」' },
  },
}

/**
 * Counted nouns: the form after 1, the form after 2 or more, and (where the language has one) the
 * plural that never follows a number (hu "3 szavazatok", et "3 hääled"). Japanese counts with counters.
 */
export type Counted = readonly [one: string, many: string, never?: string]

export const COUNTED: Record<Language, readonly Counted[]> = {
  en: [
    ['vote', 'votes'],
    ['player', 'players'],
    ['name', 'names'],
    ['day', 'days'],
    ['minute', 'minutes'],
    ['second', 'seconds'],
    ['game', 'games'],
    ['suspect', 'suspects'],
  ],
  hu: [
    ['szavazat', 'szavazat', 'szavazatok'],
    ['játékos', 'játékos', 'játékosok'],
    ['név', 'név', 'nevek'],
    ['nap', 'nap', 'napok'],
    ['perc', 'perc', 'percek'],
    ['gyanúsított', 'gyanúsított', 'gyanúsítottak'],
  ],
  et: [
    ['hääl', 'häält', 'hääled'],
    ['mängija', 'mängijat', 'mängijad'],
    ['nimi', 'nime', 'nimed'],
    ['päev', 'päeva', 'päevad'],
    ['minut', 'minutit', 'minutid'],
    ['sekund', 'sekundit', 'sekundid'],
    ['mäng', 'mängu', 'mängud'],
    ['kahtlustatav', 'kahtlustatavat', 'kahtlustatavad'],
  ],
  sv: [
    ['röst', 'röster'],
    ['dag', 'dagar'],
    ['minut', 'minuter'],
    ['sekund', 'sekunder'],
    ['misstänkt', 'misstänkta'],
  ],
  ja: [],
}

/**
 * Lines whose number is never 1 by the rules (a table's size, the clock's steps of 30 s, a mean
 * written with decimals), or a number that counts something else than the noun after it: the count
 * test reads them at 2 only.
 */
export const NEVER_ONE: Readonly<Record<string, string>> = {
  'cards.kind.deck': 'a table has at least the ruleset’s minimum of players',
  'cards.kind.personal': 'a table has at least the ruleset’s minimum of players',
  'cards.sheet.title': 'a table has at least the ruleset’s minimum of players',
  'cli.usage.playersNames': 'a table has at least the ruleset’s minimum of players',
  'cli.usage.tooManyNames': 'a table has at least the ruleset’s minimum of players',
  'cli.usage.cardPlayers': 'a table has at least the ruleset’s minimum of players',
  'cli.usage.dealTotal': 'a table has at least the ruleset’s minimum of players',
  'rules.teams.players': 'a table has at least the ruleset’s minimum of players',
  'setup.estimate.tooFew': 'a table has at least the ruleset’s minimum of players',
  'check.problem.tooFew': 'a table has at least the ruleset’s minimum of players',
  'check.problem.tooMany': 'a table has at least the ruleset’s minimum of players',
  'check.problem.countsTotal': 'a table has at least the ruleset’s minimum of players',
  'check.warning.recommended': 'a table has at least the ruleset’s minimum of players',
  'clock.addLabel': 'the clock’s buttons add or take away 30 or 60 seconds',
  'clock.removeLabel': 'the clock’s buttons add or take away 30 or 60 seconds',
  'cli.simulate.meanDays': 'a mean, written with decimals (“1,4 päeva”)',
  'setup.estimate.games': 'thousands of simulated games, and a mean number of days written with decimals',
  'refusals.votes-over': 'more votes than voters: at least 2 when anyone may vote',
}

/** Lines where a number stands before a noun it does not count: a seat number (“koha 2 mängija nimi”). */
export const NOT_A_COUNT: readonly string[] = ['setup.roster.nameOf']

/**
 * The numeric placeholders of the locale files: a count ({n}, {count}, {yes} …), filled with 1 and 2
 * when the test reads each message as the room would.
 */
export const NUMBER_PLACEHOLDERS = [
  'n',
  'count',
  'yes',
  'needed',
  'total',
  'max',
  'min',
  'games',
  'kept',
  'seconds',
  'votes',
  'living',
  'eligible',
  'days',
  'alive',
  'dead',
  'unread',
  'unreadable',
  'workers',
  'left',
  'most',
  'recMin',
  'recMax',
  'done',
  'm',
  's',
] as const
