import { readFileSync } from 'node:fs'
import { buildStory, parseGameFile, PRESETS, projectorView, refereeView, replay as replayGame, type Game } from '../../main/engine'
import type { Command } from '../../shared/commands'
import { ROOT_PATH, type FileProblem, type GameFileErrorCode } from '../../shared/game-file/problems'
import { toShortForm } from '../../shared/game-file/shorten'
import { EXIT, flag, str, UsageError, type CliCommand } from '../command'
import { json } from '../format'
import { writeNewFile } from '../write-file'
import { printGame, REPLAY_VIEWS, type ReplayView } from '../replay-print'
import { cliText, LANG_HELP, parseLang } from '../i18n'
import { printStory } from '../story-print'

/** `replay FILE`: run a game file through the engine and show where the game stands. */
export const replay: CliCommand = {
  name: 'replay',
  help: `Usage: nightfall replay FILE [--view projector|referee|both] [--json] [--out FILE [--short]] [--story] [--lang LANG]

Reads a Nightfall game file (see docs/game-file.md; "-" reads standard input),
in the short or the full form, checks it, replays every command through the
rules engine and prints where the game ends: phase, day, who is alive, the
public announcements, the winner, and what only the referee knows (every role,
the investigations, the script).

Exit codes: 0 replayed; 1 a command was refused (its index, counted from 0, and
the engine's error code and message are printed, then the game as it stood
before it); 2 the file is unreadable, not JSON, not a valid game file (every
problem is listed with its path, e.g. "commands.3.acuser: unknown key; did you
mean accuser?"), from a newer Nightfall, or a game that cannot start.

Options:
  --view VIEW   projector: only what the room would have seen (public facts);
                referee: what the referee's window knows; both (the default)
  --json        Print {ok, projector, referee, winner, steps} (only the view
                asked for; error on failure: code bad-file, bad-setup,
                newer-version or the engine's code, with problems and paths)
  --out FILE    Also write the file in its full form (what the app writes) to
                FILE; never overwrites
  --short       With --out: write the short form instead (preset and changes,
                the deal and the commands by name)
  --story       Tell the story of the finished game instead: night by night and
                day by day, every shot, check, heal, vote and death, then the
                winner and every role (with --json: {ok, story}); refused
                (exit 2) while the game is not over
  ${LANG_HELP}
  -h, --help    Show this help`,
  options: {
    json: { type: 'boolean' },
    view: { type: 'string' },
    out: { type: 'string' },
    short: { type: 'boolean' },
    story: { type: 'boolean' },
    lang: { type: 'string' },
  },
  positionals: { min: 1, max: 1, name: 'FILE' },
  run({ values, positionals }, io) {
    const path = positionals[0] as string
    const asJson = flag(values, 'json')
    const view = viewOption(str(values, 'view'))
    const lang = parseLang(values.lang)
    const out = str(values, 'out')
    if (flag(values, 'short') && out === undefined) throw new UsageError('--short says how --out writes the file: add --out FILE.')
    const refuse = (code: GameFileErrorCode, message: string, problems: FileProblem[]) => {
      if (asJson) io.out(json({ ok: false, error: { code, index: -1, message, problems } }))
      const head = cliText(lang, `replay.file.${code === 'bad-setup' || code === 'newer-version' ? code : 'bad-file'}`)
      if (problems.length === 1 && problems[0]?.path === ROOT_PATH) io.err(cliText(lang, 'error', { message: problems[0].message }))
      else {
        io.err(cliText(lang, 'error', { message: `${path}: ${head}:` }))
        for (const p of problems) io.err(`  ${p.path}: ${p.message}`)
      }
      return EXIT.usage
    }
    const unreadable = (message: string) => refuse('bad-file', message, [{ path: ROOT_PATH, message }])

    let text: string
    try {
      text = readFileSync(path === '-' ? 0 : path, 'utf8')
    } catch (e) {
      const err = e as NodeJS.ErrnoException
      return unreadable(err.code === 'ENOENT' ? `${path}: no such file.` : `Cannot read ${path}: ${err.message}`)
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (e) {
      return unreadable(`${path} is not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`)
    }
    const parsed = parseGameFile(data)
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message, parsed.error.problems)
    const { setup, commands, file, notices } = parsed.value
    for (const n of notices) io.err(`note: ${n}`)
    if (out !== undefined) writeNewFile(out, json(flag(values, 'short') ? toShortForm(file, PRESETS) : file) + '\n')

    const r = replayGame(setup, commands)
    if (!r.ok && r.error.index < 0) return refuse('bad-setup', r.error.message, [{ path: 'deal', message: r.error.message }])

    const extra = notices.length ? { notices } : {}
    if (r.ok && flag(values, 'story')) {
      const story = buildStory(r.value)
      if (!story.ok) {
        const message = `The story is told once the game is over; ${path} ends in the ${r.value.state.phase} of day ${r.value.state.dayNumber}.`
        if (asJson) io.out(json({ ok: false, error: { code: 'game-not-over', index: -1, message } }))
        io.err(cliText(lang, 'error', { message }))
        return EXIT.usage
      }
      if (asJson) io.out(json({ ok: true, story: story.value, ...extra }))
      else printStory(io, story.value, lang)
      if (out !== undefined && !asJson) io.out(`\n${cliText(lang, 'wrote', { file: out })}`)
      return EXIT.ok
    }
    if (r.ok) {
      if (asJson) io.out(json({ ...result(r.value, view), ...extra }))
      else printGame(io, r.value, file, path, view, lang)
      if (out !== undefined && !asJson) io.out(`\n${cliText(lang, 'wrote', { file: out })}`)
      return EXIT.ok
    }

    const { index, code, message } = r.error
    const command = commands[index] as Command
    const before = r.game
    if (asJson) io.out(json({ ...(before ? result(before, view) : {}), ...extra, ok: false, error: { index, code, message, command } }))
    io.err(cliText(lang, 'error', { message: cliText(lang, 'replay.refused', { index, type: command.type, code, message }) }))
    io.err(`  command #${index}: ${JSON.stringify(command)}`)
    if (!asJson && before) {
      io.out(cliText(lang, 'replay.before', { index }))
      io.out('')
      printGame(io, before, file, path, view, lang)
    }
    return EXIT.refused
  },
}

function viewOption(raw: string | undefined): ReplayView {
  if (raw === undefined) return 'both'
  const v = raw.trim().toLowerCase()
  if ((REPLAY_VIEWS as readonly string[]).includes(v)) return v as ReplayView
  throw new UsageError(`--view must be one of ${REPLAY_VIEWS.join(', ')}; got "${raw}".`)
}

function result(g: Game, view: ReplayView) {
  const last = g.log.at(-1)?.command ?? null
  return {
    ok: true,
    ...(view !== 'referee' ? { projector: projectorView(g.state) } : {}),
    ...(view !== 'projector' ? { referee: refereeView(g.state, { undoable: g.log.length, last }) } : {}),
    winner: g.state.winner,
    steps: g.log.length,
  }
}
