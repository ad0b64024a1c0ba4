import { describe, expect, test } from 'vitest'
import { preset, suggestCounts } from '../engine'
import { informedPolicy, randomPolicy, readingTable } from './policies'
import { simulate } from './simulate'

const r = preset('maffiasig')
const table = { ruleset: r, players: 12, counts: suggestCounts(r, 12), games: 600, seed: 11 }

describe('how well the town reads the table', () => {
  test('0 is the base policy itself: random voting stays the floor', () => {
    expect(readingTable(randomPolicy, 0)).toBe(randomPolicy)
    expect(simulate({ ...table, policy: readingTable(randomPolicy, 0) })).toEqual(simulate({ ...table, policy: randomPolicy }))
  })

  test('the better the town reads the table, the more often it wins; the games still all end', () => {
    const town = (read: number) => {
      const s = simulate({ ...table, policy: readingTable(randomPolicy, read) })
      expect(s.wins.town + s.wins.mafia + s.wins.draw).toBe(table.games)
      return s.town
    }
    const [floor, some, all] = [town(0), town(0.3), town(1)]
    expect(some).toBeGreaterThan(floor + 0.05)
    expect(all).toBeGreaterThan(some + 0.05)
    expect(all).toBeGreaterThan(0.9) // a mafioso executed every day: 3 days against 3 mafia
  })

  test("the estimate's request carries it by name: { policy, read } is the same as the wrapped policy", () => {
    expect(simulate({ ...table, policy: 'random', read: 0.4 })).toEqual(simulate({ ...table, policy: readingTable(randomPolicy, 0.4) }))
  })

  test('works over the informed policy and the nomination day (Swedish) too', () => {
    const sv = preset('swedish')
    const o = { ruleset: sv, players: 9, counts: suggestCounts(sv, 9), games: 400, seed: 5 }
    const base = simulate({ ...o, policy: informedPolicy })
    const read = simulate({ ...o, policy: readingTable(informedPolicy, 0.5) })
    expect(read.town).toBeGreaterThan(base.town + 0.05)
  })
})
