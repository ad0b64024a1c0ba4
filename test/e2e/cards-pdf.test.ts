/**
 * The built cards page rendered to PDF in Chromium (as the CLI and the bench do), read back with
 * poppler: page counts, every name once, the right number of each role, a deck without names,
 * card backs that land on their fronts when flipped on the long edge, Japanese names in real
 * glyphs; and the CLI's `cards` command end to end.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRESETS, suggestCounts } from '../../src/engine'
import { rulesFor } from '../../src/host/rules-screen'
import { launchForCards, renderCardsPdf } from '../../src/cli/print/cards-pdf'
import { buildCardsPayload, type CardsInput, type CardsPayload } from '../../src/shared/cards'
import { CARD, gridFor, stripPages } from '../../src/shared/cards-layout'
import type { Language } from '../../src/shared/languages'
import { ROLE_IDS, type RoleCounts, type RoleId } from '../../src/shared/roles'
import { PRESET_IDS, type PresetId } from '../../src/shared/ruleset'
import { REPO_ROOT } from '../support/paths'
import { browserTestsOff } from './support/chromium'
import { hasPoppler, inkIn, linesEqual, pageCount, pageSize, pdfText, pdfWords, type Word } from './support/pdf'
import { skipReason } from '../support/skip'

const MM = 72 / 25.4
const tmp = mkdtempSync(join(tmpdir(), 'nightfall-cards-'))
const NAMES18 = [
  'Anna',
  'Bence',
  'Csilla',
  'Dani',
  'Emese',
  'Feri',
  'Gabi',
  'Hanna',
  'Ivan',
  'Jani',
  'Kati',
  'Laci',
  'Marci',
  'Nóra',
  'Olga',
  'Péter',
  'Réka',
  'Sári',
]

const dealOf = (counts: RoleCounts): RoleId[] => {
  // A fixed, mixed deal (the tests do not need a random one).
  const roles = ROLE_IDS.flatMap((r) => Array.from({ length: counts[r] }, () => r))
  return roles.map((_, i) => roles[(i * 7) % roles.length]!)
}

function payload(input: Partial<CardsInput> & Pick<CardsInput, 'ruleset' | 'kind'>): CardsPayload {
  const n = input.players?.length ?? 9
  const counts = input.counts ?? suggestCounts(input.ruleset, n)
  const roles = input.kind === 'deck' ? undefined : (input.roles ?? dealOf(counts))
  const r = buildCardsPayload({ paper: 'a4', backs: false, locale: 'en', counts, ...input, ...(roles ? { roles } : {}) })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

const skip = browserTestsOff ?? (!hasPoppler() && 'poppler-utils (pdftotext) not found: the PDF tests are skipped. apt-get install poppler-utils')

describe.skipIf(skipReason(skip))('role cards as PDF', () => {
  let browser: Browser
  const pdfOf = async (name: string, p: CardsPayload): Promise<string> => {
    const file = join(tmp, `${name}.pdf`)
    writeFileSync(file, await renderCardsPdf(browser, p))
    return file
  }

  beforeAll(async () => {
    browser = await launchForCards()
  })
  afterAll(async () => {
    await browser?.close()
    rmSync(tmp, { recursive: true, force: true })
  })

  it('18 personal cards: 6 A4 pages, every name once, the right number of each role', async () => {
    const p = payload({ ruleset: PRESETS.maffiasig, kind: 'personal', players: NAMES18 })
    const file = await pdfOf('personal-18', p)
    expect(pageCount(file)).toBe(6)
    expect(pageSize(file).w).toBeCloseTo(210 * MM, 0)
    const text = pdfText(file)
    for (const name of NAMES18) expect(linesEqual(text, name), name).toBe(1)
    for (let seat = 1; seat <= 18; seat++) expect(linesEqual(text, `Seat ${seat}`)).toBe(1)
    const counts = suggestCounts(PRESETS.maffiasig, 18)
    expect(linesEqual(text, 'Mafioso')).toBe(counts.mafia)
    expect(linesEqual(text, 'Inspector')).toBe(counts.investigator)
    expect(linesEqual(text, 'Citizen')).toBe(counts.citizen)
    // The playing card of each role (000: red cards for the mafia, the joker for the inspector).
    expect(text.match(/Red card/g)).toHaveLength(counts.mafia)
    expect(text.match(/Joker/g)).toHaveLength(counts.investigator)
    // Each name is on the panel of the card that has its role (seat order, three strips a page).
    const words = pdfWords(file)
    const g = gridFor('a4')
    p.cards.forEach((card, i) => {
      const page = words[Math.floor(i / 3)]!
      const top = (g.y + (i % 3) * CARD.h) * MM
      const inRow = (w: Word) => w.yMin > top && w.yMax < top + CARD.h * MM
      expect(page.some((w) => inRow(w) && w.text === card.name && w.xMax < (g.x + CARD.w) * MM)).toBe(true)
      const title = p.roles.find((r) => r.role === card.role)!.name
      expect(page.some((w) => inRow(w) && w.text === title && w.xMin > (g.x + CARD.w) * MM && w.xMax < (g.x + 2 * CARD.w) * MM)).toBe(true)
    })
  })

  it('12 personal cards on US Letter: 4 pages of letter size', async () => {
    const file = await pdfOf('personal-12-letter', payload({ ruleset: PRESETS.estonian, kind: 'personal', players: NAMES18.slice(0, 12), paper: 'letter' }))
    expect(pageCount(file)).toBe(4)
    expect(pageSize(file).w).toBeCloseTo(215.9 * MM, 0)
    expect(pageSize(file).h).toBeCloseTo(279.4 * MM, 0)
  })

  it('the Swedish deck for 9 players: the suggested counts by role and playing card, and no names', async () => {
    const p = payload({ ruleset: PRESETS.swedish, kind: 'deck', counts: suggestCounts(PRESETS.swedish, 9) })
    const file = await pdfOf('deck-swedish-9', p)
    expect(pageCount(file)).toBe(1)
    const text = pdfText(file)
    // 003: ESS = mafia, KUNG = constable, DAM = doctor, 2–10 = farmers; the table for 9 is 3, 1, 1, 4.
    expect(linesEqual(text, 'Constable')).toBe(1)
    expect(linesEqual(text, 'Doctor')).toBe(1)
    expect(linesEqual(text, 'Farmer')).toBe(4)
    expect(text.match(/\bAce\b/g)).toHaveLength(3)
    expect(text.match(/\bKing\b/g)).toHaveLength(1)
    expect(text.match(/\bQueen\b/g)).toHaveLength(1)
    expect(text.match(/2 – 10/g)).toHaveLength(4)
    expect(text).not.toMatch(/Seat \d/)
    for (const name of NAMES18) expect(text).not.toContain(name)
  })

  it('card backs land on their fronts when the sheet is flipped on the long edge (positions read from the PDF)', async () => {
    const p = payload({ ruleset: PRESETS.swedish, kind: 'deck', counts: { mafia: 3, investigator: 1, doctor: 1, citizen: 5 }, backs: true })
    const file = await pdfOf('deck-backs', p)
    expect(pageCount(file)).toBe(4)
    const { w } = pageSize(file)
    const pages = pdfWords(file)
    let checked = 0
    for (const [frontIndex, backIndex] of [
      [0, 1],
      [2, 3],
    ] as const) {
      const front = pages[frontIndex]!
      const back = pages[backIndex]!
      // A front's box: from its "Team:" label (the left edge of the words) to its ruleset name (right-aligned).
      const fronts = front
        .filter((x) => x.text === 'Swedish')
        .map((right) => {
          const left = front.filter(
            (x) => x.text === 'Team:' && x.xMin < right.xMax && right.xMax - x.xMin < CARD.w * MM && x.yMin < right.yMin && right.yMin - x.yMin < CARD.h * MM,
          )
          const team = left.sort((a, b) => b.xMin - a.xMin)[0]!
          return { cx: (team.xMin + right.xMax) / 2, top: team.yMin, bottom: right.yMax }
        })
      const backs = back.filter((x) => x.text.toUpperCase() === 'NIGHTFALL').map((x) => ({ cx: (x.xMin + x.xMax) / 2, cy: (x.yMin + x.yMax) / 2 }))
      expect(backs).toHaveLength(fronts.length)
      for (const f of fronts) {
        // Flipped on the long edge, x becomes w − x; y stays.
        const match = backs.find((b) => Math.abs(b.cx - (w - f.cx)) < 1 && b.cy > f.top && b.cy < f.bottom)
        expect(match, `a back under the front at x=${f.cx.toFixed(1)}`).toBeDefined()
        checked++
      }
    }
    expect(checked).toBe(10)
    // The lone card on the second page is in the left column, so its back is in the right one.
    const lone = pages[3]!.find((x) => x.text.toUpperCase() === 'NIGHTFALL')!
    expect(lone.xMin).toBeGreaterThan(w / 2)
  })

  it('a Japanese name prints in real glyphs, not empty boxes; a 200-character name stays inside its panel', async () => {
    const players = ['山田太郎', 'x'.repeat(200), 'Zoë ☕', 'שרה כהן', ...NAMES18.slice(4, 9)]
    const file = await pdfOf('names', payload({ ruleset: PRESETS.maffiasig, kind: 'personal', players }))
    const words = pdfWords(file)[0]!
    const jp = words.find((x) => x.text === '山田太郎')
    expect(jp, 'the Japanese name is in the text').toBeDefined()
    const box = { x: jp!.xMin, y: jp!.yMin, w: jp!.xMax - jp!.xMin, h: jp!.yMax - jp!.yMin }
    expect(inkIn(file, 1, box)).toBeGreaterThan(0.05)
    // Four different characters: missing glyphs would be four identical boxes with the same ink.
    const cells = [0, 1, 2, 3].map((i) => inkIn(file, 1, { ...box, x: box.x + (i * box.w) / 4, w: box.w / 4 }, 150))
    expect(Math.max(...cells) - Math.min(...cells)).toBeGreaterThan(0.03)
    // The long name wraps inside the name panel: no word of it crosses the first fold line.
    const g = gridFor('a4')
    const long = words.filter((x) => /^x+$/.test(x.text))
    expect(long.length).toBeGreaterThan(0)
    for (const x of long) {
      expect(x.xMin).toBeGreaterThan(g.x * MM)
      expect(x.xMax).toBeLessThan((g.x + CARD.w) * MM)
      expect(x.yMin).toBeGreaterThan((g.y + CARD.h) * MM)
      expect(x.yMax).toBeLessThan((g.y + 2 * CARD.h) * MM)
    }
    expect(stripPages('a4', players.length)).toHaveLength(3)
  })

  it("the referee's sheet lists every seat with its role", async () => {
    const p = payload({ ruleset: PRESETS.swedish, kind: 'sheet', players: NAMES18.slice(0, 12) })
    const text = pdfText(await pdfOf('sheet', p))
    for (const name of NAMES18.slice(0, 12)) expect(linesEqual(text, name)).toBe(1)
    expect(text).toContain("Referee's sheet — Swedish, 12 players")
    expect(text).toContain('Night by night')
  })

  it('a deal by hand: 18 names, no role, on one A4 and one Letter page with a row for every round the game can last', async () => {
    const counts = suggestCounts(PRESETS.maffiasig, 18)
    for (const paper of ['a4', 'letter'] as const) {
      const p = payload({ ruleset: PRESETS.maffiasig, kind: 'sheet', players: NAMES18, counts, roles: Array<null>(18).fill(null), paper })
      expect(p.sheet?.rounds).toBe(16)
      const file = await pdfOf(`sheet-hand-${paper}`, p)
      expect(pageCount(file)).toBe(1)
      const text = pdfText(file)
      for (const name of NAMES18) expect(linesEqual(text, name)).toBe(1)
      // Each role's name only in the "Roles dealt" line, never in the seating.
      for (const r of p.roles) expect(text.split(r.name)).toHaveLength(2)
      const words = pdfWords(file)[0]!
      const heading = words.find((w) => w.text === 'by')!
      const rows = words.filter((w) => w.yMin > heading.yMax && /^\d+$/.test(w.text)).map((w) => Number(w.text))
      expect(rows).toEqual(Array.from({ length: 16 }, (_, i) => i + 1))
    }
  })

  it("each language's deck has that language's titles and no English role name on a non-English card (hu and ja through the CLI)", async () => {
    const decks: [Language, PresetId, string[]][] = [
      ['hu', 'maffiasig', ['Maffiózó', 'Felügyelő', 'Polgár']],
      ['ja', 'maffiasig', ['マフィア', '検査官', '市民']],
      ['en', 'swedish', ['Mafia', 'Constable', 'Doctor', 'Farmer']],
      ['et', 'estonian', ['Maffia', 'Politseinik', 'Arst', 'Külaelanik']],
      ['sv', 'swedish', ['Maffia', 'Konstapel', 'Läkare', 'Bonde']],
    ]
    // Two decks through the CLI (a Chromium each), the other three on this test's Chromium: the same page and payload.
    const viaCli = 2
    const english = [...new Set(PRESET_IDS.flatMap((p) => Object.values(PRESETS[p].names.en.roleNames)))]
    const run = (lang: Language, preset: PresetId) =>
      new Promise<{ status: number | null; stderr: string; stdout: string; file: string }>((resolve) => {
        const file = join(tmp, `cli-${lang}.pdf`)
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(REPO_ROOT, 'src', 'cli', 'index.ts'), 'cards', '--preset', preset, '--players', '7', '--lang', lang, '--out', file],
          { cwd: REPO_ROOT },
        )
        let stderr = ''
        let stdout = ''
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
        child.on('close', (status) => resolve({ status, stderr, stdout, file }))
      })
    const done = await Promise.all(
      decks.map(async ([lang, preset], i) => {
        if (i < viaCli) return run(lang, preset)
        const ruleset = PRESETS[preset]
        return {
          status: 0,
          stderr: '',
          stdout: '',
          file: await pdfOf(`deck-${lang}`, payload({ ruleset, kind: 'deck', locale: lang, counts: suggestCounts(ruleset, 7) })),
        }
      }),
    )
    done.forEach(({ status, stderr, stdout, file }, i) => {
      const [lang, , titles] = decks[i]!
      expect(stderr, lang).toBe('')
      expect(status, lang).toBe(0)
      // The CLI says what it wrote in the deck's language too.
      if (lang === 'hu') expect(stdout).toMatch(/^Kiírva: .*cli-hu\.pdf – pakli, MaffiaSIG, 7 játékos \(Maffiózó \d, Felügyelő \d és Polgár \d\), A4\.$/m)
      if (lang === 'ja') expect(stdout).toMatch(/cli-ja\.pdfに書き出しました：MaffiaSIG、7人用のデッキ（マフィア\d、検査官\d、市民\d）、A4。/)
      const text = pdfText(file)
      for (const title of titles) expect(linesEqual(text, title), `${lang}: the title ${title}`).toBeGreaterThan(0)
      if (lang !== 'en') for (const word of english) expect(text, `${lang}: no "${word}"`).not.toMatch(new RegExp(`\\b${word}\\b`))
    })
  }, 120_000)

  it('the CLI writes a deck and personal cards with the sheet; bad tables get a clear message', () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'src', 'cli', 'index.ts'), 'cards', ...args], { cwd: REPO_ROOT, encoding: 'utf8' })
    const deck = join(tmp, 'cli-deck.pdf')
    const r = cli('--preset', 'swedish', '--players', '9', '--paper', 'letter', '--backs', '--out', deck)
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('a deck for 9 players of Swedish (Mafia 3, Constable 1, Doctor 1, Farmer 4), US Letter')
    expect(pageCount(deck)).toBe(2)
    const cards = join(tmp, 'cli-cards.pdf')
    const sheet = join(tmp, 'cli-sheet.pdf')
    const names = NAMES18.slice(0, 12)
    expect(cli('--preset', 'maffiasig', '--names', names.join(','), '--out', cards, '--sheet', sheet).status).toBe(0)
    expect(pageCount(cards)).toBe(4)
    // The sheet is of the same deal as the cards.
    const roleLines = (text: string, role: string) => linesEqual(text, role)
    expect(roleLines(pdfText(sheet), 'Mafioso')).toBe(roleLines(pdfText(cards), 'Mafioso'))
    for (const [args, message] of [
      [['--players', '0'], /1 to 40 players; got 0/],
      [['--players', '41'], /1 to 40 players; got 41/],
      [['--players', '9', '--deal', '3,1,1,5'], /makes 10 cards for 9 players/],
    ] as const) {
      const bad = cli('--preset', 'swedish', ...args, '--out', join(tmp, 'bad.pdf'))
      expect(bad.status).toBe(2)
      expect(bad.stderr).toMatch(message)
    }
    const noChromium = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'src', 'cli', 'index.ts'), 'cards', '--preset', 'swedish', '--players', '9', '--out', join(tmp, 'none.pdf')],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, CHROMIUM_PATH: join(tmp, 'no-such-chromium') },
      },
    )
    expect(noChromium.status).toBe(2)
    expect(noChromium.stderr).toMatch(/No Chromium at CHROMIUM_PATH/)
  })

  it('the rules page in Hungarian: how MaffiaSIG plays, its roles by their Hungarian names, on US Letter', async () => {
    const ruleset = PRESETS.maffiasig
    const rules = rulesFor(ruleset, 'hu')
    const file = await pdfOf('rules-hu', payload({ ruleset, kind: 'rules', locale: 'hu', paper: 'letter', rules }))
    expect(Math.round(pageSize(file).w / MM)).toBe(216)
    const text = pdfText(file).replace(/\s+/g, ' ')
    expect(text).toContain('Így játszunk: MaffiaSIG')
    for (const word of ['Maffiózó', 'Felügyelő', 'Polgár', 'Az éjszaka', 'A nappal']) expect(text).toContain(word)
    expect(text).not.toMatch(/Mafioso|Inspector|Citizen/)
  })
})
