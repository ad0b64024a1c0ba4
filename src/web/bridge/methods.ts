import type { RefereeMethod } from '../../shared/api-schemas'

/**
 * The callable RefereeApi methods, without importing zod into the page (api-schemas is imported for
 * its types only). The check below fails to compile when RefereeApi gains a method missing here.
 */
export const REFEREE_METHOD_NAMES = [
  'ready', 'saveRoster', 'saveRuleset', 'deleteRuleset', 'checkSetup', 'startGame', 'rematch', 'resumeGame',
  'discardSavedGame', 'closeGame', 'exportGame', 'revealRole', 'dismissNotice', 'estimate', 'toggleProjectorFullscreen',
  'cardsPayload', 'printCards',
  'identifyRole', 'setReadingStart', 'shoot', 'clearShot', 'chooseTarget', 'investigate', 'heal', 'endNightStep',
  'accuse', 'withdrawAccusation', 'endDefence', 'nominate', 'withdrawNomination', 'closeNominations', 'castVote',
  'setVoteCount', 'closeVote', 'endLastWords', 'drawRandomDeath', 'endDay', 'startTimer', 'pauseTimer', 'addTime', 'undo',
] as const satisfies readonly RefereeMethod[]

type Missing = Exclude<RefereeMethod, (typeof REFEREE_METHOD_NAMES)[number]>
const complete: [Missing] extends [never] ? true : Missing = true
void complete

/** Header that carries the page's token on API calls (EventSource cannot send headers: it uses ?token=). */
export const TOKEN_HEADER = 'x-nightfall-token'
