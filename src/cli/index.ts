/**
 * The headless CLI: `npm run cli -- <command>` (tsx src/cli/index.ts). Commands live in
 * ./commands and are registered in ./commands/index.ts; see docs/engine.md and docs/game-file.md.
 */
import type { Io } from './command'
import { runCli } from './main'

const io: Io = {
  out: (text) => void process.stdout.write(text + '\n'),
  err: (text) => void process.stderr.write(text + '\n'),
}

// EPIPE (output piped into `head`) is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0)
  throw e
})

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code
  },
  (e: unknown) => {
    process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 70
  },
)
