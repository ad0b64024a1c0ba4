import type { Game } from '../engine'
import type { Archive } from './archive'
import type { JournalFile } from './persistence/journal-file'
import { cryptoHex } from './random'
import { messageOf } from './result'
import { GAME_ID_PATTERN, newGameId } from './summary'
import type { ParkedGame } from './table'

/**
 * On start: the game in progress when the app stopped, read back from its journal. An unfinished
 * one is parked (offered for resume); a finished one not yet archived is archived now.
 */
export function recoverGameInProgress(
  journal: JournalFile,
  archive: Archive,
  now: () => number,
): { parked: ParkedGame | null; lastFinished: Game | null; notices: string[] } {
  const found = { parked: null as ParkedGame | null, lastFinished: null as Game | null, notices: [] as string[] }
  let rec
  try {
    rec = journal.recover()
  } catch (e) {
    found.notices.push(`The saved game in progress could not be read (${messageOf(e)}).`)
    return found
  }
  found.notices.push(...rec.notices)
  const r = rec.recovered
  if (!r) return found
  const id = r.header.id && GAME_ID_PATTERN.test(r.header.id) ? r.header.id : newGameId(new Date(now()), cryptoHex(3))
  const createdAt = r.header.createdAt ?? r.savedAt
  if (r.game.state.phase === 'over' && archive.save(id, createdAt, r.game).ok) {
    // Finished but not yet archived when the app stopped: archived now, its journal removed.
    try {
      journal.remove()
    } catch (e) {
      // Undeletable (a read-only folder; on Windows a file held by antivirus or a sync client).
      found.notices.push(
        `The finished game ${id} was ${archive.has(id) ? 'saved with the finished games' : 'listed'}, but its journal could not be removed ` +
          `(${messageOf(e)}); it is kept and looked at again at the next start.`,
      )
    }
    found.lastFinished = r.game
    return found
  }
  found.parked = { id, createdAt, game: r.game, savedAt: r.savedAt }
  return found
}
