import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { StartGameRequest } from '../../shared/api'
import { preset } from '../../engine/rulesets'
import { FakeClock } from '../clock'
import type { GameHost } from '../game-host'
import { createFileHost } from '../index'
import { PLAYERS9, nextCall, perform, savedGames, seeded, seededRandom, tempDir } from '../../../test/support/host'
import { mountReadOnly, unmountAll } from '../../../test/support/mounts'
import { skipReason } from '../../../test/support/skip'

/**
 * Start never fails because of the data folder: an undeletable journal, a read-only or uncreatable
 * folder. The host starts, says so at once in a notice, and the referee can still play.
 */

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})
afterAll(unmountAll)

const open = (dir: string) => {
  const h = createFileHost(dir, { durable: false, clock: new FakeClock(), random: seededRandom(2, { identity: true }), estimate: null })
  hosts.push(h)
  return h
}
const ok = (r: unknown) => expect(r).toMatchObject({ ok: true })
const req = (): StartGameRequest => ({
  ruleset: preset('maffiasig'),
  players: [...PLAYERS9],
  counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
  dealMode: 'digital',
})
function playToEnd(h: GameHost) {
  const rnd = seeded(4)
  for (let i = 0; i < 2000 && !h.refereeAppView().game!.winner; i++) {
    const c = nextCall(h.refereeAppView(), rnd)!
    ok(perform(h, c))
  }
  expect(h.refereeAppView().game!.winner).not.toBeNull()
}

const probe = (() => {
  const src = tempDir()
  const m = mountReadOnly(src)
  if (typeof m === 'string') return m
  m.unmount()
  return null
})()

describe('start never fails because of the data folder', () => {
  it.skipIf(skipReason(probe && `read-only mount tests: ${probe}`))(
    'a finished game whose journal cannot be removed (read-only journal folder): starts, archives it, says so',
    () => {
      const dir = tempDir()
      const a = open(dir)
      ok(a.invoke('saveRoster', ['Anna']))
      ok(a.invoke('startGame', req()))
      playToEnd(a)
      a.dispose() // finished, not closed: archived at the next start
      const ro = mountReadOnly(join(dir, 'journal'), join(dir, 'journal'))
      if (typeof ro === 'string') throw new Error(ro)
      const b = open(dir)
      const v = b.refereeAppView()
      expect(savedGames(b)).toHaveLength(1)
      expect(v.notices.map((n) => n.message).join('\n')).toMatch(/journal could not be removed/)
      expect(v.notices.map((n) => n.message).join('\n')).toMatch(/Nothing is being saved: .*journal/)
      expect(existsSync(join(dir, 'journal', 'current.jsonl'))).toBe(true)
      // still playable
      ok(b.invoke('startGame', req()))
      ok(b.play({ type: 'endNightStep' }))
      ro.unmount()
    },
  )

  it.skipIf(skipReason(probe && `read-only mount tests: ${probe}`))('a read-only data folder: announced at once; play goes on without saving', () => {
    const dir = tempDir()
    const a = open(dir)
    ok(a.invoke('saveRoster', ['Anna', 'Bence']))
    a.dispose()
    const before = readFileSync(join(dir, 'settings.json'), 'utf8')
    const ro = mountReadOnly(dir, dir)
    if (typeof ro === 'string') throw new Error(ro)
    const b = open(dir)
    const v = b.refereeAppView()
    expect(v.notices[0]?.message).toMatch(/^Nothing is being saved: the data folder .* cannot be written/)
    expect(v.roster).toEqual(['Anna', 'Bence'])
    expect(b.saving).toBe(false)
    ok(b.invoke('saveRoster', ['Anna', 'Bence', 'Csaba']))
    ok(b.invoke('startGame', req()))
    playToEnd(b)
    ok(b.invoke('closeGame'))
    ok(b.invoke('rematch'))
    expect(savedGames(b)).toHaveLength(1)
    ro.unmount()
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(before)
  })

  it('a data folder that cannot be created (a file in its path): starts with a notice', () => {
    const base = tempDir()
    writeFileSync(join(base, 'not-a-folder'), 'x')
    const h = open(join(base, 'not-a-folder', 'data'))
    expect(h.refereeAppView().notices[0]?.message).toMatch(/^Nothing is being saved: the data folder .*not-a-folder.* cannot be written/)
    ok(h.invoke('startGame', req()))
    ok(h.play({ type: 'endNightStep' }))
  })

  it('an unreadable games folder entry does not stop the start', () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'games', 'x.json'), { recursive: true }) // a folder where a game file should be
    const h = open(dir)
    expect(
      h
        .refereeAppView()
        .notices.map((n) => n.message)
        .join('\n'),
    ).toMatch(/x\.json/)
    ok(h.invoke('startGame', req()))
  })
})
