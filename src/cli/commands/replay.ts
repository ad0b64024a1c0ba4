import { readFileSync } from 'node:fs'
import { parseGameFile, projectorView, refereeView, replay as replayGame, type Game } from '../../main/engine'
import type { Command } from '../../shared/commands'
import type { RefereeView } from '../../shared/views'
import { GAME_FILE_FORMAT, GAME_FILE_VERSION, type GameFile } from '../../shared/game-file'
import { EXIT, flag, type CliCommand, type Io } from '../command'
import { announcementText, json, lineText, roleLabel, table } from '../format'

/** `replay FILE`: run a game file through the engine and show where the game stands. */
export const replay: CliCommand = {
  name: 'replay',
  summary: 'Run a game file through the engine and print the final views',
  help: `Usage: nightfall replay FILE [--json]

Reads a Nightfall game file (see docs/game-file.md; "-" reads standard input),
checks it, replays every command through the rules engine and prints where the
game ends: phase, day, who is alive, the public announcements, the winner, and
what only the referee knows (every role, the investigations, the script).

Exit codes: 0 replayed; 1 a command was refused (its index, counted from 0, and
the engine's error code and message are printed, then the game as it stood
before it); 2 the file is unreadable, not JSON, or not a valid game file.

Options:
  --json      Print {ok, projector, referee, winner, steps} (and error on failure)
  -h, --help  Show this help`,
  options: { json: { type: 'boolean' } },
  positionals: { min: 1, max: 1, name: 'FILE' },
  run({ values, positionals }, io) {
    const path = positionals[0] as string
    const asJson = flag(values, 'json')
    const badFile = (message: string) => {
      if (asJson) io.out(json({ ok: false, error: { code: 'bad-file', index: -1, message } }))
      io.err(`error: ${message}`)
      return EXIT.usage
    }

    let text: string
    try {
      text = readFileSync(path === '-' ? 0 : path, 'utf8')
    } catch (e) {
      const err = e as NodeJS.ErrnoException
      return badFile(err.code === 'ENOENT' ? `${path}: no such file.` : `Cannot read ${path}: ${err.message}`)
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (e) {
      return badFile(`${path} is not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`)
    }
    const newer = newerVersion(data)
    if (newer !== null)
      return badFile(`${path} is a version ${newer} game file, written by a newer Nightfall; this one reads versions up to ${GAME_FILE_VERSION}.`)
    const parsed = parseGameFile(data)
    if (!parsed.ok) return badFile(`${path}: ${parsed.error.message}`)
    const { setup, commands, file } = parsed.value

    const r = replayGame(setup, commands)
    if (!r.ok && r.error.index < 0) return badFile(`${path}: the game cannot start: ${r.error.message}`)

    if (r.ok) {
      if (asJson) io.out(json(result(r.value)))
      else printGame(io, r.value, file, path)
      return EXIT.ok
    }

    const { index, code, message } = r.error
    const command = commands[index] as Command
    const before = r.game
    if (asJson) io.out(json({ ...(before ? result(before) : {}), ok: false, error: { index, code, message, command } }))
    io.err(`error: command #${index} (${command.type}) was refused: [${code}] ${message}`)
    io.err(`  command #${index}: ${JSON.stringify(command)}`)
    if (!asJson && before) {
      io.out(`The game as it stood before command #${index}:`)
      io.out('')
      printGame(io, before, file, path)
    }
    return EXIT.refused
  },
}

/** The version of a game file newer than this build can read, else null. */
function newerVersion(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null
  const { format, version } = data as { format?: unknown; version?: unknown }
  return format === GAME_FILE_FORMAT && typeof version === 'number' && version > GAME_FILE_VERSION ? version : null
}

function result(g: Game) {
  const last = g.log.at(-1)?.command ?? null
  return {
    ok: true,
    projector: projectorView(g.state),
    referee: refereeView(g.state, { undoable: g.log.length, last }),
    winner: g.state.winner,
    steps: g.log.length,
  }
}

function printGame(io: Io, g: Game, file: GameFile, path: string): void {
  const s = g.state
  const r = s.setup.ruleset
  const p = projectorView(s)
  const ref = refereeView(s, { undoable: g.log.length, last: g.log.at(-1)?.command ?? null })
  const name = (seat: number) => s.setup.players[seat] ?? `seat ${seat}`
  const role = (x: Parameters<typeof roleLabel>[0]) => roleLabel(x, r.roleNames)

  io.out(`${r.name} — ${s.setup.players.length} players, ${s.setup.deal.mode} deal — ${path}${file.id ? ` (id ${file.id})` : ''}`)
  io.out(`Replayed ${g.log.length} of ${file.commands.length} commands.`)
  io.out('')
  io.out(`Phase: ${phaseText(g)}`)
  io.out(`Winner: ${p.winner ?? 'none yet'}`)
  io.out('')
  io.out(
    table(
      ['Seat', 'Name', 'Alive', 'Role (referee)', 'Public role'],
      ref.seats.map((seat, i) => [
        String(seat.seat),
        seat.name,
        seat.alive ? 'alive' : 'dead',
        seat.role ? role(seat.role) : '?',
        p.seats[i]?.role ? role(p.seats[i].role) : '—',
      ]),
    ),
  )
  const alive = p.seats.filter((x) => x.alive).length
  io.out(`${alive} alive, ${p.seats.length - alive} dead.`)
  for (const line of nowLines(ref, name)) io.out(line)
  io.out('')
  io.out('Announcements (what the projector shows):')
  if (!p.announcements.length) io.out('  (none yet)')
  for (const a of p.announcements) io.out(`  ${announcementText(a, name, role)}`)
  if (ref.investigations.length) {
    io.out('')
    io.out('Investigations (referee only):')
    for (const i of ref.investigations) io.out(`  Night ${i.night}: ${name(i.target)} — ${i.isMafia ? 'MAFIA' : 'not mafia'}`)
  }
  if (ref.script.length) {
    io.out('')
    io.out("Referee's script now:")
    for (const l of ref.script) io.out(`  ${lineText(l)}`)
  }
}

/** The open vote, the clock and (referee only) the night so far. */
function nowLines(ref: RefereeView, name: (seat: number) => string): string[] {
  const out: string[] = []
  const v = ref.projector.vote
  if (v)
    out.push(
      v.kind === 'plurality'
        ? `Vote${v.revote ? ' (revote)' : ''}: ${v.candidates.map((c) => `${name(c.seat)} ${c.votes}`).join(', ')} (${v.eligible} may vote).`
        : `Vote (${v.kind}): ${v.yes} yes, ${v.needed} of ${v.eligible} needed.`,
    )
  const c = ref.projector.clock
  if (c)
    out.push(
      `Clock (${c.kind}, ${mmss(c.durationMs)}): ${
        c.expired ? 'ran out' : c.deadline === null ? `${mmss(c.remainingMs)} left, not running` : `running, deadline at ${c.deadline} ms on the host's clock`
      }.`,
    )
  const n = ref.night
  if (n) {
    const parts: string[] = []
    if (n.shots.length) parts.push(`shots ${n.shots.map((x) => `${name(x.shooter)} → ${name(x.target)}`).join(', ')} (${n.needed} of ${n.livingMafia} needed)`)
    if (n.target !== null) parts.push(`target ${name(n.target)}`)
    if (n.investigation) parts.push(`investigated ${name(n.investigation.target)}: ${n.investigation.isMafia ? 'MAFIA' : 'not mafia'}`)
    if (n.heal !== null) parts.push(`heal ${name(n.heal)}`)
    parts.push(n.outcome === null ? 'nobody would die' : `${name(n.outcome)} would die`)
    out.push(`Night ${n.number} so far (referee only): ${parts.join('; ')}.`)
  }
  return out
}

const mmss = (ms: number): string => {
  const t = Math.ceil(ms / 1000)
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`
}

function phaseText(g: Game): string {
  const s = g.state
  const name = (seat: number | null | undefined) => (seat === null || seat === undefined ? '—' : (s.setup.players[seat] ?? `seat ${seat}`))
  if (s.phase === 'over') return `over (day ${s.dayNumber}, night ${s.nightNumber})`
  if (s.phase === 'night' && s.night) {
    const n = s.night
    return `night ${n.number}, call ${n.stepIndex + 1} of ${n.steps.length} (${n.steps[n.stepIndex] ?? 'end'})`
  }
  const d = s.day
  if (!d) return s.phase
  const extra =
    d.stage === 'vote' && d.vote
      ? `, ${d.vote.kind} vote on ${d.vote.candidates.map(name).join(', ')}`
      : d.stage === 'defence'
        ? `, defence of ${name(d.accused ?? d.nominees[d.defenceIndex])}`
        : d.stage === 'lastWords'
          ? `, last words of ${name(d.lastWordsBy)}`
          : d.nominees.length
            ? `, nominated: ${d.nominees.map(name).join(', ')}`
            : ''
  return `day ${d.number}, ${d.stage}${extra}`
}
