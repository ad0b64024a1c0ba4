import { SOURCE_LANGUAGE } from './glossary'
import { FALLBACK_LANGUAGE, matchLanguage } from './languages'
import { roleName, rulesetName, teamName } from './role-names'
import { ROLE_IDS, sideOf, type RoleCounts, type RoleId, type Side } from './roles'
import type { RulesText } from './rules-text'
import type { PresetId, Ruleset } from './ruleset'
import { maxRounds } from './win'

/**
 * Printable role cards and the referee's sheet: the data the cards page (src/renderer/cards) renders.
 * buildCardsPayload() is pure (no I/O, no randomness): the host builds a payload from the game in
 * progress, the CLI from a preset and a table. The payload carries message keys and the ruleset's
 * own role names; every other word comes from the page's i18n messages.
 */

export type Paper = 'a4' | 'letter'
/**
 * 'deck': one card per player, counts only, no names. 'personal': a folded card per player (name,
 * seat, role inside). 'sheet': the referee's sheet. 'rules': how the ruleset plays (the projector's
 * rules text on paper), no roles dealt.
 */
export type CardsKind = 'deck' | 'personal' | 'sheet' | 'rules'

export const PAPERS: readonly Paper[] = ['a4', 'letter']
export const CARDS_KINDS: readonly CardsKind[] = ['deck', 'personal', 'sheet', 'rules']
/**
 * The cards page says it is done through its title (no IPC needed): it ends with one of these once
 * the payload is rendered and the fonts are loaded, or once it has given up.
 */
export const CARDS_TITLE_READY = '· ready'
export const CARDS_TITLE_FAILED = '· failed'

/** The most players a print run takes (a bigger table plays two games, as the Estonian text advises). */
export const MAX_CARD_PLAYERS = 40

/** What the referee asks for; the host adds the ruleset, the players and the deal. */
export interface CardsRequest {
  kind: CardsKind
  paper: Paper
  /** Add a page of card backs after each page of fronts, for duplex printing (long-edge flip). Deck only. */
  backs: boolean
  /** The app language the words are printed in (falls back to English). */
  locale: string
  /** Print the source text's word for each role as a second, smaller line (where it differs from the title). */
  sourceWord?: boolean
  /** Deck and rules only: print for this ruleset and these counts instead of the game in progress (the setup screen). */
  ruleset?: Ruleset
  counts?: RoleCounts
}

/** One line on what the role does at night. */
export type AbilityKey = 'mafiaShots' | 'mafiaGroup' | 'investigator' | 'doctorSelf' | 'doctorOthers' | 'citizen'
/** The team's win condition under the ruleset's options. */
export type WinKey = 'town' | 'mafiaMajority' | 'mafiaParity' | 'mafiaParityNoDoctor'
/** The playing card a role stands for in the source texts. */
export type PlayingCardKey = 'red' | 'black' | 'joker' | 'ace' | 'king' | 'queen' | 'number' | 'twoToTen'

export interface CardRole {
  role: RoleId
  /** The ruleset's name for the role, in the language printed. */
  name: string
  /** Only when the club asked for it: the source text's word, when it differs from `name` (e.g. "Konstapel" beside "Constable"). */
  altName: string | null
  team: Side
  /** The team as the ruleset names it in the language printed ("Külarahvas", "Byborna", 「村人」). */
  teamName: string
  ability: AbilityKey
  win: WinKey
  /** The doctor-and-one-mafioso draw applies (Swedish). */
  draw: boolean
  /** The draw's two roles as the card's language names them (filled into `cards.win.draw`). */
  drawNames: { doctor: string; mafia: string }
  card: PlayingCardKey
}

export interface PrintedCard {
  /** null: dealt by hand with real cards (the sheet only; its role column is left blank). */
  role: RoleId | null
  /** Personalised cards only. */
  name?: string
  /** 0-based seat (printed 1-based). */
  seat?: number
}

export interface CardsPayload {
  version: 1
  kind: CardsKind
  paper: Paper
  backs: boolean
  locale: string
  rulesetName: string
  preset: PresetId
  /** The roles in play, in ROLE_IDS order. */
  roles: CardRole[]
  counts: RoleCounts
  players: number
  /** deck: grouped by role, no names; personal: seating order with names; sheet: seating order with names. */
  cards: PrintedCard[]
  /** Sheet: which columns the night-by-night grid has, and how many rows. */
  sheet: { investigator: boolean; doctor: boolean; shots: 'individual' | 'group'; day: 'accusation' | 'nomination'; rounds: number } | null
  /** Rules page: the ruleset's rules text in the payload's language (the same words as the projector's rules page). */
  rules: RulesText | null
}

export type CardsError = { code: 'invalid-table' | 'counts-mismatch' | 'deal-mismatch' | 'no-deal' | 'no-rules'; message: string }
export type CardsResult = { ok: true; value: CardsPayload } | { ok: false; error: CardsError }

export interface CardsInput {
  ruleset: Ruleset
  kind: CardsKind
  paper: Paper
  backs: boolean
  locale: string
  /** Add the source text's word under each title. */
  sourceWord?: boolean
  counts: RoleCounts
  /** Player names in seating order: required for 'personal' and 'sheet'. */
  players?: readonly string[]
  /** The dealt role of each seat (same length as players): required for 'personal' and 'sheet'; the sheet takes null for a role dealt by hand. */
  roles?: readonly (RoleId | null)[]
  /** The rules text (rulesFor in the host, from the engine's rulesSheet): required for 'rules'. */
  rules?: RulesText
}

const PLAYING_CARDS: Record<PresetId, Record<RoleId, PlayingCardKey>> = {
  // 000: red cards for the mafiosi, other colours for the citizens, the joker for the inspector.
  maffiasig: { mafia: 'red', investigator: 'joker', doctor: 'queen', citizen: 'black' },
  // 001: ace, king, queen, a number card (only the value counts, not the suit).
  estonian: { mafia: 'ace', investigator: 'king', doctor: 'queen', citizen: 'number' },
  // 003: ESS, KUNG, DAM, 2 – 10.
  swedish: { mafia: 'ace', investigator: 'king', doctor: 'queen', citizen: 'twoToTen' },
}

const fail = (code: CardsError['code'], message: string): CardsResult => ({ ok: false, error: { code, message } })

const total = (c: RoleCounts): number => c.mafia + c.investigator + c.doctor + c.citizen

/** The role as printed: its name, team, night ability, win condition and playing card under this ruleset. */
export function cardRole(r: Ruleset, role: RoleId, locale: string, sourceWord = false): CardRole {
  const o = r.options
  const lang = matchLanguage([locale]) ?? FALLBACK_LANGUAGE
  const name = roleName(r, role, lang)
  const other = sourceWord ? roleName(r, role, SOURCE_LANGUAGE[r.base]) : name
  const team = sideOf(role)
  const ability: AbilityKey =
    role === 'mafia'
      ? o.killResolution === 'individualShots'
        ? 'mafiaShots'
        : 'mafiaGroup'
      : role === 'investigator'
        ? 'investigator'
        : role === 'doctor'
          ? o.doctorSelfHeal
            ? 'doctorSelf'
            : 'doctorOthers'
          : 'citizen'
  const win: WinKey = team === 'town' ? 'town' : !o.mafiaWinAtParity ? 'mafiaMajority' : o.parityNeedsDeadDoctor ? 'mafiaParityNoDoctor' : 'mafiaParity'
  return {
    role,
    name,
    altName: other !== name ? other : null,
    team,
    teamName: teamName(r, team, lang),
    ability,
    win,
    draw: o.doctorMafiaDraw && (role === 'mafia' || role === 'doctor'),
    drawNames: { doctor: roleName(r, 'doctor', lang), mafia: roleName(r, 'mafia', lang) },
    card: PLAYING_CARDS[r.base][role],
  }
}

/** The payload for the cards page, or a clear error: 1–40 players, counts that add up, a deal that matches them. */
export function buildCardsPayload(input: CardsInput): CardsResult {
  const { ruleset: r, kind, counts } = input
  if (kind === 'rules') return rulesPayload(input)
  for (const role of ROLE_IDS) {
    const c = counts[role]
    if (!Number.isInteger(c) || c < 0) return fail('counts-mismatch', `The number of ${roleName(r, role, 'en')} cards must be a whole number, not ${c}.`)
  }
  const n = kind === 'deck' ? total(counts) : (input.players?.length ?? 0)
  if (n === 0) return fail('invalid-table', 'There are no players: cards are printed for 1 to 40 players.')
  if (n > MAX_CARD_PLAYERS)
    return fail('invalid-table', `${n} players is more than ${MAX_CARD_PLAYERS}: play two games (cards are printed for 1 to ${MAX_CARD_PLAYERS} players).`)
  if (total(counts) !== n) return fail('counts-mismatch', `The role counts add up to ${total(counts)} cards, but there are ${n} players.`)
  if (counts.mafia < 1) return fail('counts-mismatch', `A game needs at least one ${roleName(r, 'mafia', 'en')}.`)

  let cards: PrintedCard[]
  if (kind === 'deck') {
    cards = ROLE_IDS.flatMap((role) => Array.from({ length: counts[role] }, () => ({ role })))
  } else {
    const players = input.players ?? []
    const roles = input.roles
    if (!roles || roles.length !== players.length) return fail('no-deal', 'Personal cards and the sheet need a deal: a role for every seat.')
    const byHand = roles.some((x) => x === null)
    if (byHand && kind === 'personal') return fail('no-deal', 'Some roles are not known yet (cards dealt by hand): personal cards need a digital deal.')
    for (const role of ROLE_IDS) {
      const dealt = roles.filter((x) => x === role).length
      // A deal by hand may have some roles recorded already: never more than the counts.
      if (byHand ? dealt > counts[role] : dealt !== counts[role])
        return fail('deal-mismatch', `The deal has ${dealt} ${roleName(r, role, 'en')}, the counts say ${counts[role]}.`)
    }
    cards = players.map((name, seat) => ({ role: roles[seat] ?? null, name, seat }))
  }

  const o = r.options
  const inPlay = ROLE_IDS.filter((role) => counts[role] > 0)
  return {
    ok: true,
    value: {
      version: 1,
      kind,
      paper: input.paper,
      backs: kind === 'deck' && input.backs,
      locale: input.locale,
      rulesetName: rulesetName(r.name, matchLanguage([input.locale]) ?? FALLBACK_LANGUAGE),
      preset: r.base,
      roles: inPlay.map((role) => cardRole(r, role, input.locale, input.sourceWord === true)),
      counts: { ...counts },
      players: n,
      cards,
      sheet:
        kind === 'sheet'
          ? {
              investigator: counts.investigator > 0,
              doctor: counts.doctor > 0,
              shots: o.killResolution === 'individualShots' ? 'individual' : 'group',
              day: o.dayProcedure,
              // A row for every round the game can last at this table (src/shared/win.ts).
              rounds: Math.max(1, maxRounds(o, counts.mafia, n - counts.mafia, counts.doctor)),
            }
          : null,
      rules: null,
    },
  }
}

/** The rules page: no cards and no deal, only the ruleset's rules text and its roles' names (counts as given, unchecked). */
function rulesPayload(input: CardsInput): CardsResult {
  const { ruleset: r, rules } = input
  if (!rules) return fail('no-rules', 'The rules page needs the rules text of the ruleset.')
  const o = r.options
  const present = ROLE_IDS.filter((role) => (role === 'investigator' ? o.hasInvestigator : role === 'doctor' ? o.hasDoctor : true))
  return {
    ok: true,
    value: {
      version: 1,
      kind: 'rules',
      paper: input.paper,
      backs: false,
      locale: input.locale,
      rulesetName: rulesetName(r.name, matchLanguage([input.locale]) ?? FALLBACK_LANGUAGE),
      preset: r.base,
      roles: present.map((role) => cardRole(r, role, input.locale)),
      counts: { ...input.counts },
      players: total(input.counts),
      cards: [],
      sheet: null,
      rules,
    },
  }
}
