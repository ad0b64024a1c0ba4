import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseGameFile, PRESETS, replay } from '../../engine'
import type { GameFile } from '../game-file'
import { otherHostileFiles } from '../../../test/support/hostile-files'
import { MAX_PROBLEMS, pathText, ROOT_PATH } from './problems'
import { closest, MAX_LENGTH } from './suggest'
import { toShortForm } from './shorten'

/**
 * 1,000 damaged game files — real files in the full and the short form with a value replaced, a
 * key added, removed or misspelt anywhere — never make the reader throw; every refusal lists at
 * least one problem and each names a path that starts in the file; every accepted file replays
 * without throwing and reads back to itself.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..')
const FULL = readdirSync(join(ROOT, 'examples'))
  .filter((n) => n.endsWith('.json'))
  .map((n) => JSON.parse(readFileSync(join(ROOT, 'examples', n), 'utf8')) as GameFile)
const BASES: unknown[] = [...FULL, ...FULL.map((f) => toShortForm(f, PRESETS))]

type Json = unknown
/** Every object and array inside a value, with the path to it. */
function containers(v: Json, path: (string | number)[] = [], out: { path: (string | number)[]; value: object }[] = []) {
  if (typeof v !== 'object' || v === null) return out
  out.push({ path, value: v })
  if (Array.isArray(v)) v.forEach((x, i) => containers(x, [...path, i], out))
  else for (const [k, x] of Object.entries(v)) containers(x, [...path, k], out)
  return out
}

const typo = (k: string, at: number) => (k.length < 2 ? k + 'x' : k.slice(0, at % k.length) + k.slice((at % k.length) + 1))
const KEYS = ['acuser', 'timr', 'darw', 'players', 'type', '__proto__', 'constructor', 'toString', 'Anna', 'preset', 'changes', 'mode', 'roles', '', ' ']

const mutation = fc.record({
  base: fc.nat(BASES.length - 1),
  where: fc.nat(),
  kind: fc.constantFrom('replace', 'add', 'remove', 'rename'),
  key: fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })),
  value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, 60, 1e9, 'Anna', 'mafia', 'maffiasig', null, true, [], {})),
  more: fc.nat(3),
})

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never

function damage(m: Mutation): Json {
  let file = JSON.parse(JSON.stringify(BASES[m.base])) as Json
  // A fresh copy each time: a file read from JSON is a tree, never a value inside itself.
  const value = () => JSON.parse(JSON.stringify(m.value)) as Json
  for (let round = 0; round <= m.more; round++) {
    const all = containers(file)
    const target = all[(m.where + round * 7919) % all.length]
    if (!target) break
    const obj = target.value as Record<string, unknown>
    const keys = Object.keys(obj)
    const key = Array.isArray(obj) ? (m.where + round) % Math.max(1, obj.length) : (keys[(m.where + round) % Math.max(1, keys.length)] ?? m.key)
    if (m.kind === 'replace') {
      if (target.path.length === 0 && round === 0 && m.where % 11 === 0) file = value()
      else Object.defineProperty(obj, key, { value: value(), enumerable: true, writable: true, configurable: true })
    } else if (m.kind === 'add')
      Object.defineProperty(obj, Array.isArray(obj) ? obj.length : m.key, { value: value(), enumerable: true, writable: true, configurable: true })
    else if (m.kind === 'remove') {
      if (Array.isArray(obj)) obj.splice(Number(key), 1)
      else delete obj[key]
    } else if (!Array.isArray(obj) && typeof key === 'string') {
      const v = obj[key]
      delete obj[key]
      Object.defineProperty(obj, typo(key, m.where), { value: v, enumerable: true, writable: true, configurable: true })
    }
  }
  return file
}

describe('fuzz: damaged game files', () => {
  test('1,000 damaged files: never a throw; every refusal names a path in the file; every accepted file replays and reads back to itself', () => {
    let refused = 0
    fc.assert(
      fc.property(mutation, (m) => {
        const input = damage(m)
        const r = parseGameFile(input)
        if (!r.ok) {
          refused++
          expect(r.error.problems.length).toBeGreaterThan(0)
          expect(r.error.message.length).toBeGreaterThan(0)
          for (const p of r.error.problems) {
            expect(p.message.length).toBeGreaterThan(0)
            const tops = ['format', 'version', 'id', 'createdAt', 'ruleset', 'players', 'deal', 'commands', ...Object.keys(input as object)].map((k) =>
              pathText([k]),
            )
            if (p.path !== ROOT_PATH) expect(tops.some((t) => p.path === t || p.path.startsWith(t + '.') || p.path.startsWith(t + '['))).toBe(true)
          }
          return
        }
        const played = replay(r.value.setup, r.value.commands)
        if (!played.ok) expect(played.error.index).toBeGreaterThanOrEqual(0)
        const again = parseGameFile(JSON.parse(JSON.stringify(r.value.file)))
        expect(again.ok && again.value.file).toEqual(r.value.file)
      }),
      { seed: 0x15f11e, numRuns: 1000 },
    )
    // The damage is real: most files are refused (a few changes are harmless, e.g. an id replaced by another string).
    expect(refused).toBeGreaterThan(500)
  })
})

describe('fuzz: hostile game files', () => {
  // Files made to cost the reader as much as possible (test/support/hostile-files.ts): each is refused
  // with at most MAX_PROBLEMS problems — the reader stops looking there — and suggestions only for short words.
  test.each(Object.entries(otherHostileFiles()))('%s: refused with a few problems, each with a path', (_, text) => {
    const r = parseGameFile(JSON.parse(text))
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.problems.length).toBeGreaterThan(0)
    expect(r.error.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS)
    for (const p of r.error.problems) expect(p.path).not.toBe('')
    expect(r.error.message.length).toBeLessThan(1_000)
  })

  test('a suggestion is computed only for a short word (at most MAX_LENGTH characters)', () => {
    const long = 'x'.repeat(MAX_LENGTH)
    expect(closest(long + 'y', [long + 'z'])).toBeUndefined()
    expect(closest(long.slice(1) + 'y', [long.slice(1) + 'z'])).toBe(long.slice(1) + 'z')
  })
})
