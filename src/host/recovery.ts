import type { Game } from '../engine'
import type { GameHistory } from './club/history'
import type { JournalFile } from './persistence/journal-file'
import { cryptoHex } from './random'
import { notice, type Notice } from '../shared/notices'
import { messageOf } from './result'
import { GAME_ID_PATTERN, newGameId } from './summary'
import type { ParkedGame } from './table'

/**
 * On start: the game in progress when the app stopped, read back from its journal. An unfinished
 * one is parked (offered for resume); a finished one not yet archived is archived now.
 */
export function recoverGameInProgress(
  journal: JournalFile,
  games: Pick<GameHistory, 'save' | 'has'>,
  now: () => number,
): { parked: ParkedGame | null; lastFinished: Game | null; notices: Notice[] } {
  const found = { parked: null as ParkedGame | null, lastFinished: null as Game | null, notices: [] as Notice[] }
  let rec
  try {
    rec = journal.recover()
  } catch (e) {
    found.notices.push(notice('journal.unreadable', { error: messageOf(e) }))
    return found
  }
  found.notices.push(...rec.notices)
  const r = rec.recovered
  if (!r) return found
  const id = r.header.id && GAME_ID_PATTERN.test(r.header.id) ? r.header.id : newGameId(new Date(now()), cryptoHex(3))
  const createdAt = r.header.createdAt ?? r.savedAt
  if (r.game.state.phase === 'over' && games.save(id, createdAt, r.game, new Date(Date.parse(r.savedAt) || now())).ok) {
    // Finished but not yet archived when the app stopped: archived now, its journal removed.
    try {
      journal.remove()
    } catch (e) {
      // Undeletable (a read-only folder; on Windows a file held by antivirus or a sync client).
      found.notices.push(notice(games.has(id) ? 'games.journalKeptSaved' : 'games.journalKeptListed', { id, error: messageOf(e) }))
    }
    found.lastFinished = r.game
    return found
  }
  found.parked = { id, createdAt, game: r.game, savedAt: r.savedAt }
  return found
}
