import { cliText, LANGUAGE_CODES } from '../i18n'
import { listOf } from '../../shared/phrasing'
import type { Language } from '../../shared/languages'
import { spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { dealFromOrder, suggestCounts } from '../../engine'
import { cryptoPermutation } from '../../host/random'
import { rulesFor } from '../../host/rules-screen'
import { buildCardsPayload, CARDS_KINDS, MAX_CARD_PLAYERS, PAPERS, type CardsKind, type CardsPayload, type Paper } from '../../shared/cards'
import type { RoleCounts } from '../../shared/roles'
import type { Ruleset } from '../../shared/ruleset'
import { EXIT, flag, int, str, UsageError, type CliCommand, type CommandArgs, type ExitCode, type Io } from '../command'
import { presetById } from '../presets-data'
import { cardsPagePath, DEFAULT_RENDERER_DIR } from '../print/paths'

/** `cards`: the printable deck, personal cards or the referee's sheet as a PDF, rendered by a Chromium. */
export const cards: CliCommand = {
  name: 'cards',
  help: () => MANUAL,
  options: {
    preset: { type: 'string' },
    players: { type: 'string' },
    names: { type: 'string' },
    deal: { type: 'string' },
    kind: { type: 'string' },
    sheet: { type: 'string' },
    'source-word': { type: 'boolean' },
    paper: { type: 'string' },
    backs: { type: 'boolean' },
    out: { type: 'string' },
    renderer: { type: 'string' },
  },
  positionals: { min: 0, max: 0 },
  async run({ values, lang: locale }, io) {
    const ruleset = presetById(str(values, 'preset'))
    const out = str(values, 'out')
    if (out === undefined) throw new UsageError('whereOut')
    const names = parseNames(str(values, 'names'))
    const given = int(values, 'players', 0, 1000)
    if (given !== undefined && names && names.length !== given) throw new UsageError('playersNames', { given, n: names.length })
    const kind = oneOf<CardsKind>('kind', str(values, 'kind') ?? (names ? 'personal' : 'deck'), CARDS_KINDS)
    const paper = oneOf<Paper>('paper', str(values, 'paper') ?? 'a4', PAPERS)
    if (kind === 'rules') {
      if (flag(values, 'backs') || str(values, 'sheet') !== undefined) throw new UsageError('rulesNoBacks')
      const counts =
        given === undefined && !names
          ? { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
          : parseDeal(str(values, 'deal'), ruleset, given ?? names?.length ?? 0)
      const built = buildCardsPayload({ ruleset, kind, paper, backs: false, locale, counts, rules: rulesFor(ruleset, locale) })
      if (!built.ok) throw new UsageError(`cards.${built.error.code}`)
      if (existsSync(out)) throw new UsageError('exists', { file: out })
      return render([[out, built.value]], values, io, locale)
    }
    const n = given ?? names?.length
    if (n === undefined) throw new UsageError('howManyNames')
    const sheetOut = str(values, 'sheet')
    if (sheetOut !== undefined && kind !== 'personal') throw new UsageError('sheetPersonal')
    if (kind !== 'deck' && !names) throw new UsageError(kind === 'sheet' ? 'sheetNames' : 'personalNames')
    if (flag(values, 'backs') && kind !== 'deck') throw new UsageError('backsDeck')
    if (n < 1 || n > MAX_CARD_PLAYERS) throw new UsageError('cardPlayers', { max: MAX_CARD_PLAYERS, n })

    const counts = parseDeal(str(values, 'deal'), ruleset, n)
    const base = { ruleset, paper, backs: flag(values, 'backs'), locale, counts, sourceWord: flag(values, 'source-word') }
    const players = names ?? []
    const roles = kind === 'deck' ? undefined : dealFromOrder(counts, cryptoPermutation(n)).roles
    const payloads: [string, CardsPayload][] = []
    for (const [file, k] of [[out, kind], ...(sheetOut ? [[sheetOut, 'sheet' as const]] : [])] as [string, CardsKind][]) {
      const built = buildCardsPayload({ ...base, kind: k, players, ...(roles ? { roles } : {}) })
      if (!built.ok) throw new UsageError(`cards.${built.error.code}`)
      if (existsSync(file)) throw new UsageError('exists', { file })
      payloads.push([file, built.value])
    }
    return render(payloads, values, io, locale)
  },
}

/** Render each payload to its PDF file with a Chromium (loaded only here: the other commands start without Playwright). */
async function render(payloads: [string, CardsPayload][], values: CommandArgs['values'], io: Io, lang: Language): Promise<ExitCode> {
  const { findChromium } = await import('../print/chromium')
  const { launchForCards, renderCardsPdf } = await import('../print/cards-pdf')
  if (!findChromium())
    throw process.env['CHROMIUM_PATH']
      ? new UsageError('noChromiumAt', { path: process.env['CHROMIUM_PATH'] }, 'installChromium')
      : new UsageError('noChromium', {}, 'installChromium')
  const rendererDir = resolve(str(values, 'renderer') ?? DEFAULT_RENDERER_DIR)
  ensureBuilt(rendererDir, io, lang)
  const browser = await launchForCards().catch((e: unknown) => {
    throw new UsageError('chromiumFailed', { error: (e as Error).message.split('\n')[0] ?? '' }, 'pointChromium')
  })
  try {
    for (const [file, payload] of payloads) {
      const pdf = await renderCardsPdf(browser, payload, rendererDir)
      try {
        writeFileSync(file, pdf, { flag: 'wx' })
      } catch (e) {
        throw new UsageError('cannotWrite', { file, error: (e as Error).message })
      }
      io.out(wrote(file, payload, lang))
    }
  } finally {
    await browser.close()
  }
  return EXIT.ok
}

/** What was written, in `lang` (the role names are the payload's, already in the cards' language). */
function wrote(file: string, p: CardsPayload, lang: Language): string {
  const paper = cliText(lang, `cards.paper.${p.paper}`)
  if (p.kind === 'rules') return cliText(lang, 'cards.wroteRules', { file, ruleset: p.rulesetName, paper })
  const roles = listOf(
    lang,
    p.roles.map((r) => cliText(lang, 'cards.roleCount', { role: r.name, n: p.counts[r.role] })),
    'short',
  )
  const key = p.kind === 'deck' ? 'cards.wroteDeck' : p.kind === 'personal' ? 'cards.wrotePersonal' : 'cards.wroteSheet'
  return cliText(lang, key, { file, players: p.players, ruleset: p.rulesetName, roles, paper })
}

function oneOf<T extends string>(key: string, raw: string, allowed: readonly T[]): T {
  const v = raw.trim().toLowerCase()
  if (!(allowed as readonly string[]).includes(v)) throw new UsageError('oneOf', { option: `--${key}`, values: allowed.join(', '), value: raw })
  return v as T
}

function parseNames(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined
  const names = raw.split(',').map((s) => s.trim())
  if (names.some((s) => s === '')) throw new UsageError('emptyName')
  return names
}

/** "M,I,D" or "M,I,D,C": the counts; citizens fill up when not given; they must add up to the table. */
function parseDeal(raw: string | undefined, r: Ruleset, n: number): RoleCounts {
  if (raw === undefined) return suggestCounts(r, n)
  const parts = raw.split(',').map((s) => s.trim())
  if ((parts.length !== 3 && parts.length !== 4) || parts.some((s) => !/^\d{1,2}$/.test(s))) throw new UsageError('dealFormat', { value: raw })
  const [mafia, investigator, doctor, citizen] = parts.map(Number) as [number, number, number, number | undefined]
  const counts = { mafia, investigator, doctor, citizen: citizen ?? n - mafia - investigator - doctor }
  const sum = counts.mafia + counts.investigator + counts.doctor + counts.citizen
  if (counts.citizen < 0 || sum !== n) throw new UsageError('dealTotal', { value: raw, cards: mafia + investigator + doctor + Math.max(0, counts.citizen), n })
  return counts
}

/** The cards page is part of the built renderer: build it once if it is missing. */
function ensureBuilt(rendererDir: string, io: Io, lang: Language): void {
  if (existsSync(cardsPagePath(rendererDir))) return
  if (rendererDir !== DEFAULT_RENDERER_DIR) throw new UsageError('noPage', { file: cardsPagePath(rendererDir) })
  io.err(cliText(lang, 'cards.building'))
  const root = resolve(DEFAULT_RENDERER_DIR, '..', '..')
  const bin = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  const built = spawnSync(process.execPath, [bin, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  if (built.status !== 0 || !existsSync(cardsPagePath(rendererDir))) throw new UsageError('buildFailed')
}

/** The full help, in English (a translation of the manuals is still to come: docs/i18n.md). */
const MANUAL = `Usage: nightfall cards --preset PRESET (--players N | --names "A,B,C") --out FILE.pdf [options]
       nightfall cards --preset PRESET --kind rules --out FILE.pdf [--lang L]

Renders the role cards of PRESET (maffiasig, estonian, swedish) to a PDF:
poker-size cards (63 x 88 mm) filling A4 or US Letter, with cut marks.

  deck      one card per player with its role, no names: cut once, keep it
            in the club's box (the default without --names)
  personal  one folded card per player: name and seat outside, the role
            inside, dealt now with a cryptographic shuffle (the default
            with --names)
  sheet     the referee's sheet for such a deal: seating with roles and a
            night-by-night grid
  rules     how the preset plays, the projector's rules text on paper
            (no players needed)

Needs a Chromium (the same lookup as the tests: CHROMIUM_PATH,
/usr/bin/chromium, … or Playwright's own) and the built pages (built on
first use).

Options:
  --preset PRESET       Rule preset (required)
  --players N           Number of players, 1-${MAX_CARD_PLAYERS} (or give --names)
  --names "A,B,C"       Player names in seating order, comma separated
  --deal M,I,D[,C]      Role counts: mafia, investigators, doctors[, citizens]
                        (default: the preset's suggestion; citizens fill up)
  --kind KIND           deck, personal, sheet or rules
  --sheet FILE.pdf      With personal cards: also write the referee's sheet of
                        the same deal to FILE.pdf
  --lang L              Language of the words: ${LANGUAGE_CODES} (default en),
                        the CLI's own messages too
  --source-word         Under each title, also the source text's word for the
                        role (e.g. Konstapel under Constable)
  --paper PAPER         a4 (default) or letter
  --backs               Deck: a page of card backs after each page of fronts,
                        for duplex printing (flip on the long edge)
  --out FILE.pdf        Where to write the PDF (required; not overwritten)
  -h, --help            Show this help

Examples:
  npm run cli -- cards --preset swedish --players 9 --out deck.pdf
  npm run cli -- cards --preset estonian --players 12 --deal 3,1,1 --paper letter --backs --out deck.pdf
  npm run cli -- cards --preset maffiasig --names "Anna,Bence,Csilla,Dani,Emese,Feri,Gabi,Hanna,Ivan" --out cards.pdf --sheet sheet.pdf
  npm run cli -- cards --preset maffiasig --kind rules --lang hu --out szabalyok.pdf`
