/**
 * The referee view carries only the log's newest lines; older ones are paged with logLines. A long
 * game's view stays the same size however long the log grows (issue: the whole log, ~750 KB at
 * 10,000 steps, went out after every click).
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { RefereeAppView } from '../shared/api'
import type { Line } from '../shared/views'
import { describeHistory, preset } from '../engine'
import { FakeClock } from './clock'
import type { GameHost } from './game-host'
import { createFileHost } from './index'
import { LOG_TAIL } from './table'
import { PLAYERS9, nextCall, perform, seededRandom, tempDir } from '../../test/support/host'

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

function hostAtMafiaCall(): { host: GameHost; shooter: number; target: number } {
  const host = createFileHost(tempDir(), { durable: false, clock: new FakeClock(), random: seededRandom(3, { identity: true }) })
  hosts.push(host)
  const started = host.invoke('startGame', {
    ruleset: preset('maffiasig'),
    players: [...PLAYERS9],
    counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
    dealMode: 'digital',
  })
  expect(started).toMatchObject({ ok: true })
  for (let i = 0; i < 200; i++) {
    const v = host.refereeAppView()
    const shooters = Object.keys(v.game?.legal.shoot ?? {}).map(Number)
    if (shooters.length) return { host, shooter: shooters[0]!, target: v.game!.legal.shoot[shooters[0]!]![0]! }
    const call = nextCall(v)
    if (!call) break
    expect(perform(host, call)).toMatchObject({ ok: true })
  }
  throw new Error('no mafia call reached')
}

/** `pairs` times a shot entered and taken back: 2 log lines each, the game where it was. */
function pad(host: GameHost, shooter: number, target: number, pairs: number): void {
  for (let i = 0; i < pairs; i++) {
    expect(host.play({ type: 'shoot', shooter, target })).toMatchObject({ ok: true })
    expect(host.play({ type: 'clearShot', shooter })).toMatchObject({ ok: true })
  }
}

const size = (v: RefereeAppView): number => Buffer.byteLength(JSON.stringify(v))

describe('the referee view pages the game log', () => {
  it('sends the newest lines only, with the total; logLines gives the rest, in order', () => {
    const { host, shooter, target } = hostAtMafiaCall()
    pad(host, shooter, target, 150)
    const v = host.refereeAppView()
    const game = (host as unknown as { parts: { table: { game: { state: never; log: never } } } }).parts.table.game
    const all: Line[] = describeHistory(game.state, game.log)
    expect(all.length).toBeGreaterThan(LOG_TAIL + 200)
    expect(v.logTotal).toBe(all.length)
    expect(v.log).toHaveLength(LOG_TAIL)
    expect(v.log).toEqual(all.slice(-LOG_TAIL))
    // Pages of older lines, joined, are the whole log.
    const paged: Line[] = []
    for (let from = 0; from < v.logTotal - v.log.length; from += 70) {
      const page = host.invoke('logLines', from, Math.min(70, v.logTotal - v.log.length - from))
      expect(page.ok).toBe(true)
      if (page.ok) paged.push(...page.value)
    }
    expect([...paged, ...v.log]).toEqual(all)
    // Past the end: nothing; a page is read-only (no push).
    expect(host.invoke('logLines', v.logTotal + 5, 10)).toEqual({ ok: true, value: [] })
  })

  it('keeps the view the same size as the log grows from 1,000 to 3,000 lines', () => {
    const { host, shooter, target } = hostAtMafiaCall()
    pad(host, shooter, target, 500)
    const at1000 = size(host.refereeAppView())
    pad(host, shooter, target, 1000)
    const at3000 = size(host.refereeAppView())
    expect(host.refereeAppView().logTotal).toBeGreaterThan(3000)
    console.log(`referee view: ${at1000} bytes at ~1,000 log lines, ${at3000} bytes at ~3,000`)
    expect(Math.abs(at3000 - at1000)).toBeLessThan(200)
  })

  it('refuses bad pages with a typed error and answers no-game when none is open', async () => {
    const host = createFileHost(tempDir(), { durable: false, clock: new FakeClock(), random: seededRandom(1) })
    hosts.push(host)
    expect(host.invoke('logLines', 0, 10)).toMatchObject({ ok: false, error: { code: 'no-game' } })
    for (const args of [[-1, 10], [0, 0], [0, 501], [1.5, 10], ['0', 10], [0]])
      expect(await host.call('logLines', args)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })
})
