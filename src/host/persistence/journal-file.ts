import { existsSync, rmSync } from 'node:fs'
import type { GameFile } from '../../shared/game-file'
import { JournalWriter, recoverJournal, type JournalRecord, type JournalRecovery } from './journal'

/**
 * The game-in-progress journal's place on disk (`journal/current.jsonl`): everything the table and
 * the start-up recovery ask of it, so neither touches the file system itself.
 */
export class JournalFile {
  constructor(
    readonly path: string,
    private readonly durable: boolean,
  ) {}

  exists(): boolean {
    return existsSync(this.path)
  }

  /** A new journal: the header and any records, made durable before it is returned. */
  create(header: GameFile, records: readonly JournalRecord[] = []): JournalWriter {
    return JournalWriter.create(this.path, header, records, this.durable)
  }

  /** The existing journal, opened to append to. */
  openAppend(): JournalWriter {
    return JournalWriter.openAppend(this.path, this.durable)
  }

  /** Delete the journal (nothing happens when there is none). */
  remove(): void {
    rmSync(this.path, { force: true })
  }

  /** Read what the journal holds; damage is set aside with notices (see recoverJournal). */
  recover(): JournalRecovery {
    return recoverJournal(this.path, this.durable)
  }
}
