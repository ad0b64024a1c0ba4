import type { Ruleset } from './ruleset'
import type { AnswerStyle } from './views'

/*
 * Apart from ruleset.ts, which builds zod schemas: the windows import this at run time, and the
 * pages load no zod (its probe of new Function() is reported by their CSP).
 */

/**
 * How the inspector's answer is signed: the Swedish text signs the other way round (thumb down for
 * evil, up for good); the others thumb up for mafia. The engine's script and the referee's screens
 * both read it from here.
 */
export const answerStyleOf = (r: Pick<Ruleset, 'base'>): AnswerStyle => (r.base === 'swedish' ? 'evil' : 'mafia')

/** Which thumb an answer is: the answer "yes" (mafia / evil) in the ruleset's style. */
export const answerThumb = (style: AnswerStyle, yes: boolean): 'up' | 'down' => ((style === 'mafia') === yes ? 'up' : 'down')
