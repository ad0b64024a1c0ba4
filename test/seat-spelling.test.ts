/**
 * One seat spelling: code and files number seats from 0, a person reads them from 1, and
 * src/shared/seat-name.ts is the one place that turns one into the other.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEAT_COMMANDS, type Command, type SeatCommandType } from '../src/shared/commands'
import { PRESET_IDS } from '../src/shared/ruleset'
import { seatName, seatNumber } from '../src/shared/seat-name'
import { decide } from '../src/engine/decide'
import { Rng, randomGame } from '../src/engine/testing'

const ROOT = join(import.meta.dirname, '..')
const HOME = 'src/shared/seat-name.ts'

/** Product files a person's text is built in: TypeScript and Vue under src/, no tests. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((e) => {
    const path = `${folder}/${e.name}`
    if (e.isDirectory()) return sources(path)
    return /\.(ts|vue)$/.test(e.name) && !/\.(test|bench)\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : []
  })
}

/** A seat index spelled by hand: `seat + 1`, `(c.seat ?? 0) + 1`, `seat ${p}` or `#${p}` in a text. */
const HAND_SPELLED = [/\bseat\b(\s*\?\?\s*\w+\))?\s*\+\s*1(?![\d.])/i, /\bseat \$\{(?!seatNumber\()/i, /#\$\{([pm]|\w*(seat|player|target)\w*)\}/i]

function handSpelled(text: string): string[] {
  return text.split('\n').filter((line) => HAND_SPELLED.some((re) => re.test(line)))
}

describe('one seat spelling', () => {
  it('seat index 0 is seat 1 to a person; a seat not in the list is #n, 1-based', () => {
    expect(seatNumber(0)).toBe(1)
    expect(seatNumber(11)).toBe(12)
    expect(seatName([], 0)).toBe('#1')
    expect(seatName(['Anna', 'Bence'], 0)).toBe('Anna')
    expect(seatName([{ name: 'Anna' }], 3, '—')).toBe('#4')
    expect(seatName(['Anna'], undefined, '—')).toBe('—')
  })

  it('the guard recognises a hand-spelled seat', () => {
    for (const bad of ['{{ s.seat + 1 }}', "t('cards.seat', { n: seat + 1 })", '{{ (c.seat ?? 0) + 1 }}', '`there is no seat ${p}.`', '`#${m}`'])
      expect(handSpelled(bad), bad).toHaveLength(1)
    for (const good of ['{{ seatNumber(s.seat) }}', '`there is no seat ${seatNumber(p)}.`', 'seats + 10', 'seat: p + 1 < n'])
      expect(handSpelled(good), good).toEqual([])
  })

  it(`no file but ${HOME} turns a seat index into a person's number`, () => {
    const files = sources('src').filter((f) => f !== HOME)
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((f) => handSpelled(readFileSync(join(ROOT, f), 'utf8')).map((line) => `${f}: ${line.trim()}`))
    expect(found, 'spell seats with seatNumber/seatName from src/shared/seat-name.ts').toEqual([])
  })

  it('a refusal for a seat past the table names it 1-based (index n is seat n + 1)', () => {
    let refused = 0
    for (const id of PRESET_IDS)
      for (let seed = 1; seed <= 10; seed++) {
        const run = randomGame(seed, id)
        const s = new Rng(seed).pick(run.states)
        const n = s.setup.players.length
        const commands: Command[] = [
          ...(Object.entries(SEAT_COMMANDS) as [SeatCommandType, string][]).map(([type, field]) => ({ type, [field]: n }) as Command),
          { type: 'note', player: n, text: 'x' },
        ]
        for (const c of commands) {
          const r = decide(s, c)
          if (r.ok || r.error.code !== 'unknown-player') continue
          refused++
          expect(r.error.message, JSON.stringify(c)).toContain(`seat ${n + 1}.`)
        }
      }
    expect(refused).toBeGreaterThan(PRESET_IDS.length * 10)
  })
})
