import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { preset } from '../../engine/rulesets'
import { FakeClock } from '../clock'
import { createFileHost } from '../index'
import { PLAYERS9, nextCall, perform, seeded, seededRandom } from '../../../test/support/host'
import { fillUntilFree, mountTmpfs, unmountAll } from '../../../test/support/mounts'
import { skipReason } from '../../../test/support/skip'

/**
 * A real nearly-full disk (a small tmpfs): a save the disk refuses answers `storage-failed`, leaves
 * the previous file complete, leaves no temp file, and nothing confirmed is lost after a restart.
 */

afterAll(unmountAll)

const probe = mountTmpfs(64)
const skip = typeof probe === 'string' ? probe : null
if (typeof probe !== 'string') probe.unmount()

/** A fresh 1 MiB tmpfs for one test. */
function freshDisk(): string {
  const m = mountTmpfs(1024)
  if (typeof m === 'string') throw new Error(m)
  return m.dir
}

const names = (n: number) => Array.from({ length: n }, (_, i) => `Player number ${i + 1} of the club`)
const open = (dir: string) => createFileHost(dir, { durable: true, clock: new FakeClock(), random: seededRandom(3, { identity: true }), estimate: null })
const leftovers = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.includes('.tmp-'))

describe.skipIf(skipReason(skip && `full-disk tests: ${skip}`))('a nearly full disk (tmpfs)', () => {
  it('settings: 500 names with 8 KB free → storage-failed, the previous roster intact after a restart', () => {
    const root = freshDisk()
    const dir = join(root, 'data')
    const a = open(dir)
    expect(a.invoke('saveRoster', ['Anna', 'Bence'])).toMatchObject({ ok: true })
    fillUntilFree(root, 8192)
    const r = a.invoke('saveRoster', names(500))
    expect(r).toMatchObject({ ok: false, error: { code: 'storage-failed' } })
    expect(a.refereeAppView().roster).toEqual(['Anna', 'Bence'])
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ roster: ['Anna', 'Bence'] })
    expect(leftovers(dir)).toEqual([])
    a.dispose()
    const b = open(dir)
    expect(b.refereeAppView().roster).toEqual(['Anna', 'Bence'])
    expect(b.refereeAppView().notices).toEqual([])
    b.dispose()
  })

  it('journal: play until the disk refuses a step; every confirmed step resumes', () => {
    const root = freshDisk()
    const dir = join(root, 'data')
    const a = open(dir)
    expect(
      a.invoke('startGame', {
        ruleset: preset('maffiasig'),
        players: [...PLAYERS9],
        counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
        dealMode: 'digital',
      }),
    ).toMatchObject({ ok: true })
    fillUntilFree(root, 0)
    const rnd = seeded(11)
    let refused = 0
    for (let i = 0; i < 2000 && !refused; i++) {
      const v = a.refereeAppView()
      if (v.game?.winner) break
      const c = nextCall(v, rnd)!
      const res = perform(a, c) as { ok: boolean; error?: { code: string } }
      if (!res.ok) {
        expect(res.error?.code).toBe('storage-failed')
        refused++
      }
    }
    const before = a.invoke('exportGame')
    a.dispose()
    // Restarted with the disk still full: said at once, and the game resumes all the same.
    const full = open(dir)
    expect(full.refereeAppView().notices).toEqual([
      expect.objectContaining({ key: 'notSaving', message: expect.stringMatching(/^Nothing is being saved: .*ENOSPC/) }),
    ])
    expect(full.invoke('resumeGame')).toMatchObject({ ok: true })
    const whileFull = full.invoke('exportGame')
    expect(whileFull.ok && before.ok && whileFull.value.commands).toEqual(before.ok && before.value.commands)
    full.dispose()
    // Space freed: no notice, every confirmed step resumes.
    rmSync(join(root, 'filler.bin'))
    const b = open(dir)
    expect(b.refereeAppView().notices).toEqual([])
    expect(b.invoke('resumeGame')).toMatchObject({ ok: true })
    const after = b.invoke('exportGame')
    expect(after.ok && before.ok && after.value.commands).toEqual(before.ok && before.value.commands)
    console.log(`full disk: ${before.ok ? before.value.commands.length : '?'} steps confirmed when the disk refused one (${refused} refused); all resumed`)
    b.dispose()
  })
})
