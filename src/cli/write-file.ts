import { writeFileSync } from 'node:fs'
import { UsageError } from './command'

/** Write a new file; an existing one is never overwritten (a game file is somebody's record). */
export function writeNewFile(path: string, text: string): void {
  try {
    writeFileSync(path, text, { flag: 'wx' })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw code === 'EEXIST' ? new UsageError('exists', { file: path }) : new UsageError('cannotWrite', { file: path, error: (e as Error).message })
  }
}
