import { readFileSync } from 'node:fs'
import { buildStory, parseGameFile, PRESETS, projectorView, refereeView, replay as replayGame, type Game } from '../../engine'
import type { Command } from '../../shared/commands'
import { ROOT_PATH, type FileProblem, type GameFileErrorCode } from '../../shared/game-file/problems'
import { toShortForm } from '../../shared/game-file/shorten'
import { EXIT, flag, str, UsageError, type CliCommand } from '../command'
import { json } from '../format'
import { writeNewFile } from '../write-file'
import { printGame, REPLAY_VIEWS, type ReplayView } from '../replay-print'
import { cliText, langHelp } from '../i18n'
import { translate, wordsIn } from '../../shared/messages'
import { refusalText } from '../../shared/text/refusal'
import { printStory } from '../story-print'

/** `replay FILE`: run a game file through the engine and show where the game stands. */
export const replay: CliCommand = {
  name: 'replay',
  help: () => MANUAL,
  options: {
    json: { type: 'boolean' },
    view: { type: 'string' },
    out: { type: 'string' },
    short: { type: 'boolean' },
    story: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1, name: 'FILE' },
  run({ values, positionals, lang }, io) {
    const path = positionals[0] as string
    const asJson = flag(values, 'json')
    const view = viewOption(str(values, 'view'))
    const out = str(values, 'out')
    if (flag(values, 'short') && out === undefined) throw new UsageError('shortNeedsOut')
    // English prints the reader's own words for each problem; another language names each by its path (`fileProblem.field`).
    const problemText = (code: GameFileErrorCode, p: FileProblem) =>
      lang === 'en'
        ? p.message
        : code === 'bad-file'
          ? translate(lang, 'fileProblem.field', { path: p.path })
          : translate(lang, `fileProblem.${code === 'bad-setup' ? 'setup' : code}`)
    const refuse = (code: GameFileErrorCode, message: string, problems: FileProblem[], local = message) => {
      if (asJson) io.out(json({ ok: false, error: { code, index: -1, message, problems } }))
      const head = cliText(lang, `replay.file.${code === 'bad-setup' || code === 'newer-version' ? code : 'bad-file'}`)
      if (problems.length === 1 && problems[0]?.path === ROOT_PATH)
        io.err(cliText(lang, 'error', { message: local === message ? problemText(code, problems[0]) : local }))
      else {
        io.err(cliText(lang, 'error', { message: `${path}: ${head}:` }))
        for (const p of problems) io.err(`  ${p.path}: ${problemText(code, p)}`)
      }
      return EXIT.usage
    }
    const unreadable = (key: string, params: Record<string, string>) => {
      const message = cliText('en', `replay.file.${key}`, params)
      return refuse('bad-file', message, [{ path: ROOT_PATH, message }], cliText(lang, `replay.file.${key}`, params))
    }

    let text: string
    try {
      text = readFileSync(path === '-' ? 0 : path, 'utf8')
    } catch (e) {
      const err = e as NodeJS.ErrnoException
      return err.code === 'ENOENT' ? unreadable('noSuchFile', { path }) : unreadable('cannotRead', { path, error: err.message })
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch (e) {
      return unreadable('notJson', { path, error: (e as Error).message.replace(/\s+/g, ' ') })
    }
    const parsed = parseGameFile(data)
    if (!parsed.ok) return refuse(parsed.error.code, parsed.error.message, parsed.error.problems)
    const { setup, commands, file, notices } = parsed.value
    for (const n of notices) io.err(lang === 'en' ? `note: ${n}` : cliText(lang, 'replay.ignored', { path: n.split(': ')[0] ?? '' }))
    if (out !== undefined) writeNewFile(out, json(flag(values, 'short') ? toShortForm(file, PRESETS) : file) + '\n')

    const r = replayGame(setup, commands)
    if (!r.ok && r.error.index < 0) return refuse('bad-setup', r.error.message, [{ path: 'deal', message: r.error.message }])

    const extra = notices.length ? { notices } : {}
    if (r.ok && flag(values, 'story')) {
      const story = buildStory(r.value)
      if (!story.ok) {
        const params = { path, phase: cliText(lang, `replay.phases.${r.value.state.phase}`), day: r.value.state.dayNumber }
        const message = cliText('en', 'replay.notOver', { ...params, phase: cliText('en', `replay.phases.${r.value.state.phase}`) })
        if (asJson) io.out(json({ ok: false, error: { code: 'game-not-over', index: -1, message } }))
        io.err(cliText(lang, 'error', { message: cliText(lang, 'replay.notOver', params) }))
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
    io.err(
      cliText(lang, 'error', {
        message: cliText(lang, 'replay.refused', {
          index,
          type: command.type,
          code,
          message: refusalText(wordsIn(lang), r.error, setup.ruleset.names) ?? translate(lang, `errors.${code}`),
        }),
      }),
    )
    io.err(`  ${cliText(lang, 'replay.command', { index })} ${JSON.stringify(command)}`)
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
  throw new UsageError('oneOf', { option: '--view', values: REPLAY_VIEWS.join(', '), value: raw })
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

/** The full help, in English (a translation of the manuals is still to come: docs/i18n.md). */
const MANUAL = `Usage: nightfall replay FILE [--view projector|referee|both] [--json] [--out FILE [--short]] [--story] [--lang LANG]

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
  ${langHelp('en')}
  -h, --help    Show this help`
