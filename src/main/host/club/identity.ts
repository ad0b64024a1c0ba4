/** A player's identity across games (shared with the referee window, which matches renamed players). */
export { identityOf } from '../../../shared/identity'
