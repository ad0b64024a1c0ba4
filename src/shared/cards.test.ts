import { describe, expect, it } from 'vitest'
import { PRESETS, suggestCounts } from '../engine'
import { buildCardsPayload, cardRole, type CardsInput } from './cards'
import { CARD, type CutMark, deckPages, gridFor, PAPER_MM, SAFE_INSET, stripPages } from './cards-layout'
import { ROLE_IDS, type RoleId } from './roles'

const names = (n: number): string[] => Array.from({ length: n }, (_, i) => `Player ${i + 1}`)
const dealOf = (counts: Record<RoleId, number>): RoleId[] => ROLE_IDS.flatMap((r) => Array.from({ length: counts[r] }, () => r))
const base = (over: Partial<CardsInput> = {}): CardsInput => {
  const counts = suggestCounts(PRESETS.maffiasig, 18)
  return { ruleset: PRESETS.maffiasig, kind: 'personal', paper: 'a4', backs: false, locale: 'en', counts, players: names(18), roles: dealOf(counts), ...over }
}

describe('buildCardsPayload', () => {
  it('personal cards: one per seat with name, seat and the dealt role, the roles in play described', () => {
    const r = buildCardsPayload(base())
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.cards).toHaveLength(18)
    expect(r.value.cards[0]).toEqual({ role: 'mafia', name: 'Player 1', seat: 0 })
    expect(r.value.roles.map((x) => x.role)).toEqual(['mafia', 'investigator', 'citizen'])
    expect(r.value.backs).toBe(false)
  })

  it("a deal by hand: the sheet has every seat's name and no role; a role recorded already is kept, never more than the counts", () => {
    const hand = buildCardsPayload(base({ kind: 'sheet', roles: Array(18).fill(null) }))
    expect(hand.ok && hand.value.cards.map((c) => [c.name, c.role])).toEqual(names(18).map((n) => [n, null]))
    const some = buildCardsPayload(base({ kind: 'sheet', roles: ['mafia', ...Array(17).fill(null)] }))
    expect(some.ok && some.value.cards[0]?.role).toBe('mafia')
    const tooMany = buildCardsPayload(base({ kind: 'sheet', roles: [...Array(5).fill('mafia'), ...Array(13).fill(null)] }))
    expect(!tooMany.ok && tooMany.error.code).toBe('deal-mismatch')
  })

  it("the sheet has a row for every round the game can last: one death a round until the ruleset's end", () => {
    const rounds = (preset: keyof typeof PRESETS, n: number): number | undefined => {
      const r = buildCardsPayload(
        base({ ruleset: PRESETS[preset], kind: 'sheet', counts: suggestCounts(PRESETS[preset], n), players: names(n), roles: Array(n).fill(null) }),
      )
      return r.ok ? r.value.sheet?.rounds : undefined
    }
    // MaffiaSIG (mafia win at parity): down to one mafioso and one citizen, n − 2 deaths.
    expect(rounds('maffiasig', 18)).toBe(16)
    expect(rounds('maffiasig', 9)).toBe(7)
    // Estonian (the mafia win only when more): down to one against none, n − 1.
    expect(rounds('estonian', 18)).toBe(17)
    // Swedish: parity wins only once the doctor is dead, so the doctor outlives the others: 1 mafioso, 1 doctor is a draw.
    expect(rounds('swedish', 15)).toBe(13)
  })

  it('a deck has the counts and no names', () => {
    const counts = suggestCounts(PRESETS.swedish, 9)
    const r = buildCardsPayload({ ruleset: PRESETS.swedish, kind: 'deck', paper: 'letter', backs: true, locale: 'en', counts })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.value.cards.filter((c) => c.role === 'mafia')).toHaveLength(3)
    expect(r.value.cards.every((c) => c.name === undefined && c.seat === undefined)).toBe(true)
    expect(r.value.backs).toBe(true)
  })

  it.each([
    ['no players', base({ players: [], roles: [] }), 'invalid-table', /no players/],
    [
      '41 players',
      base({ players: names(41), roles: Array(41).fill('citizen') as RoleId[], counts: { mafia: 10, investigator: 1, doctor: 0, citizen: 30 } }),
      'invalid-table',
      /more than 40/,
    ],
    [
      'counts that do not add up',
      base({ counts: { mafia: 4, investigator: 1, doctor: 0, citizen: 12 } }),
      'counts-mismatch',
      /add up to 17 cards, but there are 18 players/,
    ],
    ['a deal that does not match the counts', base({ roles: Array(18).fill('citizen') as RoleId[] }), 'deal-mismatch', /deal has 0 Mafioso/],
    [
      'personal cards with roles not known (physical deal)',
      base({ roles: [...dealOf(suggestCounts(PRESETS.maffiasig, 18)).slice(0, 17), null] }),
      'no-deal',
      /digital deal/,
    ],
    [
      'an empty deck',
      {
        ruleset: PRESETS.swedish,
        kind: 'deck' as const,
        paper: 'a4' as const,
        backs: false,
        locale: 'en',
        counts: { mafia: 0, investigator: 0, doctor: 0, citizen: 0 },
      },
      'invalid-table',
      /no players/,
    ],
    [
      'a deck without mafia',
      {
        ruleset: PRESETS.swedish,
        kind: 'deck' as const,
        paper: 'a4' as const,
        backs: false,
        locale: 'en',
        counts: { mafia: 0, investigator: 1, doctor: 1, citizen: 5 },
      },
      'counts-mismatch',
      /at least one Mafia/,
    ],
  ])('refuses %s with a clear message', (_name, input, code, message) => {
    const r = buildCardsPayload(input)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe(code)
    expect(r.error.message).toMatch(message)
  })
})

describe('cardRole', () => {
  it('follows the options: shots or a group target, self-heal, the parity rule, the doctor draw', () => {
    expect(cardRole(PRESETS.maffiasig, 'mafia', 'en')).toMatchObject({ ability: 'mafiaShots', win: 'mafiaParity', card: 'red', draw: false })
    expect(cardRole(PRESETS.estonian, 'mafia', 'en')).toMatchObject({ ability: 'mafiaGroup', win: 'mafiaMajority', card: 'ace' })
    expect(cardRole(PRESETS.swedish, 'mafia', 'en')).toMatchObject({ win: 'mafiaParityNoDoctor', draw: true })
    expect(cardRole(PRESETS.swedish, 'doctor', 'en')).toMatchObject({ ability: 'doctorSelf', card: 'queen', team: 'town', win: 'town', draw: true })
    expect(cardRole(PRESETS.swedish, 'citizen', 'en')).toMatchObject({ card: 'twoToTen', draw: false })
    const noParity = { ...PRESETS.maffiasig, options: { ...PRESETS.maffiasig.options, mafiaWinAtParity: false } }
    expect(cardRole(noParity, 'mafia', 'en').win).toBe('mafiaMajority')
  })

  it('names the team as the ruleset does in the card’s language, not one fixed word per language', () => {
    expect(cardRole(PRESETS.estonian, 'citizen', 'hu').teamName).toBe('Falusiak')
    expect(cardRole(PRESETS.maffiasig, 'citizen', 'hu').teamName).toBe('Polgárok')
    expect(cardRole(PRESETS.estonian, 'doctor', 'sv').teamName).toBe('Byborna')
    expect(cardRole(PRESETS.swedish, 'doctor', 'sv').teamName).toBe('Staden')
    expect(cardRole(PRESETS.estonian, 'citizen', 'ja').teamName).toBe('村人')
    expect(cardRole(PRESETS.estonian, 'mafia', 'en').teamName).toBe('Mafia')
  })

  it("titles a card in its own language; the source text's word only when the club asks for it", () => {
    expect(cardRole(PRESETS.maffiasig, 'investigator', 'en')).toMatchObject({ name: 'Inspector', altName: null, card: 'joker' })
    expect(cardRole(PRESETS.maffiasig, 'investigator', 'en', true)).toMatchObject({ name: 'Inspector', altName: 'Felügyelő' })
    expect(cardRole(PRESETS.maffiasig, 'investigator', 'hu', true)).toMatchObject({ name: 'Felügyelő', altName: null })
    expect(cardRole(PRESETS.maffiasig, 'investigator', 'ja')).toMatchObject({ name: '検査官', altName: null })
    expect(cardRole(PRESETS.maffiasig, 'citizen', 'ja-JP')).toMatchObject({ name: '市民' })
    expect(cardRole(PRESETS.swedish, 'investigator', 'sv-SE')).toMatchObject({ name: 'Konstapel', card: 'king' })
    expect(cardRole(PRESETS.swedish, 'doctor', 'sv')).toMatchObject({ name: 'Läkare' })
    expect(cardRole(PRESETS.estonian, 'doctor', 'en', true)).toMatchObject({ name: 'Doctor', altName: 'Arst' })
  })
})

describe('card layout', () => {
  it.each(['a4', 'letter'] as const)('%s: a 3 × 3 grid of poker cards inside the page, with room for the cut marks', (paper) => {
    const g = gridFor(paper)
    expect([g.cols, g.rows]).toEqual([3, 3])
    const p = PAPER_MM[paper]
    expect(g.x).toBeGreaterThanOrEqual(7)
    expect(g.y).toBeGreaterThanOrEqual(7)
    expect(g.x * 2 + 3 * CARD.w).toBeCloseTo(p.w, 5)
    expect(g.y * 2 + 3 * CARD.h).toBeCloseTo(p.h, 5)
    expect(SAFE_INSET).toBeGreaterThanOrEqual(3)
  })

  it('pages: 18 deck cards on 2 pages, 4 with backs; 18 personal cards on 6 pages', () => {
    expect(deckPages('a4', 18, false)).toHaveLength(2)
    expect(deckPages('a4', 18, true).map((p) => p.side)).toEqual(['front', 'back', 'front', 'back'])
    expect(stripPages('a4', 18)).toHaveLength(6)
    expect(stripPages('letter', 12)).toHaveLength(4)
  })

  it('backs mirror their fronts left-right (long-edge flip), cut marks included', () => {
    const [front, back] = deckPages('letter', 10, true).slice(2)
    expect(front?.slots.map((s) => s.x)).toEqual([gridFor('letter').x])
    expect(back?.slots[0]?.x).toBeCloseTo(PAPER_MM.letter.w - gridFor('letter').x - CARD.w, 5)
    const w = PAPER_MM.letter.w
    const key = (m: CutMark) => [m.x1, m.x2, m.y1, m.y2].map((v) => v.toFixed(2)).join(' ')
    const mirrored = (m: CutMark): CutMark => ({ x1: w - m.x2, x2: w - m.x1, y1: m.y1, y2: m.y2 })
    expect((back?.marks ?? []).map(key).sort()).toEqual((front?.marks ?? []).map(mirrored).map(key).sort())
  })

  it('cut marks stay on the paper and off the cards; a personal strip has none at its folds', () => {
    for (const page of [...deckPages('a4', 9, false), ...stripPages('letter', 3)]) {
      for (const m of page.marks) {
        for (const s of page.slots) {
          const inside = (x: number, y: number) => x > s.x && x < s.x + s.w && y > s.y && y < s.y + s.h
          expect(inside((m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2)).toBe(false)
        }
        expect(Math.min(m.x1, m.y1)).toBeGreaterThan(0)
      }
    }
    const strip = stripPages('a4', 1)[0]!
    const g = gridFor('a4')
    const verticalXs = new Set(strip.marks.filter((m) => m.x1 === m.x2).map((m) => m.x1))
    expect([...verticalXs].sort((a, b) => a - b)).toEqual([g.x, g.x + 3 * CARD.w])
  })
})
