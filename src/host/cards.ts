import type { ApiError, ApiResult } from '../shared/api'
import { buildCardsPayload, type CardsPayload, type CardsRequest } from '../shared/cards'
import { FALLBACK_LANGUAGE, matchLanguage } from '../shared/languages'
import type { Game } from '../engine'
import { rulesFor } from './rules-screen'

/**
 * The host's side of printing: which data a print request may have. A deck needs a ruleset and
 * counts (from the request, else the game in progress); personal cards and the referee's sheet
 * carry every seat's role, so they come only from the game in progress and never while the
 * operator is a blind player. The rules page needs only a ruleset (no roles on it, so a blind
 * referee may print it): the projector's rules text in the language asked.
 */
export function cardsPayloadFor(game: Game | null, req: CardsRequest): ApiResult<CardsPayload> {
  const state = game?.state
  const base = { kind: req.kind, paper: req.paper, backs: req.backs, locale: req.locale, ...(req.sourceWord ? { sourceWord: true } : {}) }
  if (req.kind === 'rules') {
    const ruleset = req.ruleset ?? state?.setup.ruleset
    if (!ruleset) return refused('no-game', 'Choose a ruleset first: the rules page says how it plays.')
    const counts = req.counts ?? state?.setup.deal.counts ?? { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
    const rules = rulesFor(ruleset, matchLanguage([req.locale]) ?? FALLBACK_LANGUAGE)
    return answer(buildCardsPayload({ ...base, backs: false, ruleset, counts, rules }))
  }
  if (req.kind === 'deck') {
    const ruleset = req.ruleset ?? state?.setup.ruleset
    const counts = req.counts ?? state?.setup.deal.counts
    if (!ruleset || !counts) return refused('no-game', 'Choose a ruleset and a table first: a deck is printed for its role counts.')
    return answer(buildCardsPayload({ ...base, ruleset, counts }))
  }
  if (!state) return refused('no-game', 'Personal cards and the sheet are printed for a game that has been dealt: start one first.')
  if (state.operatorBlind)
    return refused('not-allowed', 'Roles are hidden from this screen while the referee is a blind player, so nothing with roles on it can be printed.')
  return answer(
    buildCardsPayload({
      ...base,
      ruleset: state.setup.ruleset,
      counts: state.setup.deal.counts,
      players: state.setup.players,
      roles: state.roles,
    }),
  )
}

const refused = (code: string, message: string): { ok: false; error: ApiError } => ({ ok: false, error: { code, message } })

function answer(r: ReturnType<typeof buildCardsPayload>): ApiResult<CardsPayload> {
  return r.ok ? r : refused(r.error.code, r.error.message)
}
