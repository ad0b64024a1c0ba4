import { describe, expect, test } from 'vitest'
import { preset } from '../engine'
import type { PresetId, Ruleset } from '../shared/ruleset'
import { simulate, type Simulation } from './simulate'

/**
 * The `random` policy with only mafia and citizens is the pure death process of
 * P. Migdał, "A mathematical model of the Mafia game" (arXiv:1009.1031): each day a uniformly random
 * living player is executed, each night a uniformly random living townsperson is killed. Its town
 * win probability is computed exactly below and the engine-driven estimate must agree within
 * 4 standard errors, for each preset's end condition and each kind of start.
 */

type Start = 'day' | 'night0' | 'night'

/** P(town wins) for n living players of whom m are mafia, exactly, by recursion over (n, m). */
export function exactTownWin(n: number, m: number, start: Start, mafiaWinAtParity: boolean): number {
  const memo = new Map<string, number>()
  const over = (n: number, m: number): number | null => {
    if (m === 0) return 1
    const town = n - m
    if (m > town || (mafiaWinAtParity && m === town)) return 0
    return null
  }
  const day = (n: number, m: number): number => {
    const end = over(n, m)
    if (end !== null) return end
    const key = `d${n},${m}`
    let p = memo.get(key)
    if (p === undefined) {
      // A mafioso with probability m/n, a townsperson otherwise; then night falls.
      p = (m / n) * night(n - 1, m - 1) + ((n - m) / n) * night(n - 1, m)
      memo.set(key, p)
    }
    return p
  }
  const night = (n: number, m: number): number => {
    const end = over(n, m)
    if (end !== null) return end
    return day(n - 1, m) // one townsperson dies
  }
  // Night 0 is the mafia's meeting with no kill: the game is effectively day-first.
  return start === 'night' ? night(n, m) : day(n, m)
}

const TABLES: [number, number][] = [
  [5, 1],
  [8, 2],
  [12, 3],
  [17, 4],
]
const STARTS: Start[] = ['day', 'night0', 'night']
const PRESETS: PresetId[] = ['maffiasig', 'estonian', 'swedish']
const GAMES = 6000

function withStart(id: PresetId, start: Start): Ruleset {
  const r = preset(id)
  r.options.firstPhase = start
  return r
}

describe('exact recursion (sanity of the reference itself)', () => {
  test('small cases by hand', () => {
    // 3 players, 1 mafioso, strict rule, day first: day kills the mafioso w.p. 1/3, else 1 town + 1 mafia
    // at night → the mafia kill the last townsperson → mafia 1 > town 0.
    expect(exactTownWin(3, 1, 'day', false)).toBeCloseTo(1 / 3, 12)
    // With the parity rule the same table is already lost after a townsperson's execution (1 vs 1).
    expect(exactTownWin(3, 1, 'day', true)).toBeCloseTo(1 / 3, 12)
    // 4 players, 1 mafioso, night first, strict: night → 3 (1 mafia); day: 1/3 town win, else 2 (1 m) → night → 1 (1 m).
    expect(exactTownWin(4, 1, 'night', false)).toBeCloseTo(1 / 3, 12)
    // Day first: 1/4 + 3/4 · [night → 2 players, 1 mafia: parity off → day: 1/2] = 1/4 + 3/8.
    expect(exactTownWin(4, 1, 'day', false)).toBeCloseTo(1 / 4 + 3 / 8, 12)
    expect(exactTownWin(4, 1, 'day', true)).toBeCloseTo(1 / 4, 12)
  })
})

describe('random policy = Migdał death process (within 4 SE)', () => {
  const rows: string[] = []
  const dayFirst = new Map<string, Simulation>()
  for (const id of PRESETS)
    for (const start of STARTS)
      test(`${id}, ${start} first`, () => {
        for (const [n, m] of TABLES) {
          const ruleset = withStart(id, start)
          const parity = ruleset.options.mafiaWinAtParity
          const exact = exactTownWin(n, m, start, parity)
          const est = simulate({
            ruleset,
            players: n,
            counts: { mafia: m, investigator: 0, doctor: 0, citizen: n - m },
            policy: 'random',
            games: GAMES,
            // Night 0 shares the day-first seed: with no kill and no draw it must give the very same games.
            seed: 1000 * n + m + (start === 'night' ? 500 : 0),
          })
          const key = `${id} ${n} ${m}`
          if (start === 'day') dayFirst.set(key, est)
          if (start === 'night0' && dayFirst.has(key)) expect(est).toEqual(dayFirst.get(key))
          expect(est.errors).toBe(0)
          expect(est.draw).toBe(0)
          const se = Math.sqrt((exact * (1 - exact)) / est.games)
          const z = se === 0 ? 0 : (est.town - exact) / se
          rows.push(
            `${id.padEnd(9)} ${start.padEnd(6)} n=${String(n).padStart(2)} m=${m} exact=${exact.toFixed(4)} est=${est.town.toFixed(4)} z=${z.toFixed(2)}`,
          )
          if (se === 0) expect(est.town).toBe(exact)
          else expect(Math.abs(z), `${id} ${start} n=${n} m=${m}: exact ${exact}, estimate ${est.town}`).toBeLessThan(4)
        }
      })
  // The table of every case (exact vs estimate, in standard errors), printed with the test run.
  test('report: every case was measured', () => {
    expect(rows.length).toBeGreaterThanOrEqual(36)
    console.log(`P(town) of the random policy vs the exact death process:\n${rows.join('\n')}`)
  })
})
