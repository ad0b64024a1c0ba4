import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { StartGameRequest } from '../../shared/api'
import { preset } from '../../engine/rulesets'
import { FakeClock } from '../clock'
import type { GameHost } from '../game-host'
import { createFileHost } from '../index'
import { PLAYERS9, nextCall, perform, seeded, seededRandom, stable, tempDir } from '../../../test/support/host'
import { recoverJournal } from './journal'

/**
 * The tamper-evident journal: each line carries a sequence number and a checksum chained to the line
 * before it, the header too. A duplicated line, an edited step, a changed header, a flipped byte or a
 * missing line is found, named (step and why) in a notice, the damaged file kept aside, and only the
 * steps before the damage are resumed — never a silently different game.
 */

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})
const open = (dir: string) => {
  const h = createFileHost(dir, { durable: false, clock: new FakeClock(), random: seededRandom(1, { identity: true }) })
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
const journalOf = (dir: string) => join(dir, 'journal', 'current.jsonl')
const asideFiles = (dir: string) => readdirSync(join(dir, 'journal')).filter((f) => f.includes('.corrupt-'))

/** A data folder with a game in progress of `steps` accepted calls; the journal's lines. */
function gameDir(steps = 40) {
  const dir = tempDir()
  const a = open(dir)
  ok(a.invoke('startGame', req()))
  const rnd = seeded(5)
  for (let i = 0; i < steps; i++) {
    const c = nextCall(a.refereeAppView(), rnd)!
    ok(perform(a, c))
  }
  const view = stable(a.refereeAppView())
  expect(view.game!.winner).toBeNull()
  a.dispose()
  const lines = readFileSync(journalOf(dir), 'utf8').split('\n').slice(0, -1)
  return { dir, lines, view }
}

/** Open the folder with the journal replaced by `content`: the notice, what resumes, the aside file. */
function reopen(dir: string, content: string) {
  writeFileSync(journalOf(dir), content)
  const h = open(dir)
  const v = h.refereeAppView()
  const aside = asideFiles(dir)
  return { h, v, aside, asideText: aside.length ? readFileSync(join(dir, 'journal', aside[0]!), 'utf8') : null }
}

const steps = (h: GameHost) => {
  ok(h.invoke('resumeGame'))
  const f = h.invoke('exportGame')
  return f.ok ? f.value.commands.length : -1
}

describe('journal: every line is numbered and checksummed', () => {
  it('writes a header and records with sequence numbers and checksums', () => {
    const { lines } = gameDir(5)
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(parsed[0]).toMatchObject({ journal: 2, seq: 0, header: { format: 'nightfall-game' } })
    parsed.forEach((p, i) => {
      expect(p.seq).toBe(i)
      expect(p.sum).toMatch(/^[0-9a-f]{16}$/)
    })
  })

  it('a duplicated line is found, not replayed: the steps before it resume and the notice names it', () => {
    const { dir, lines } = gameDir()
    const content = [...lines.slice(0, 21), lines[20]!, ...lines.slice(21)].join('\n') + '\n'
    const { h, v, aside, asideText } = reopen(dir, content)
    expect(v.notices).toHaveLength(1)
    expect(v.notices[0]?.message).toMatch(/damaged at step 21 \(line 22 repeats step 20 \(a duplicated line\)\)\. The 20 steps before it were recovered/)
    expect(v.notices[0]?.message).toMatch(/Step 21 and the 20 lines after it were not replayed/)
    expect(aside).toHaveLength(1)
    expect(asideText).toBe(content)
    expect(v.resumable).not.toBeNull()
    expect(recoverJournal(journalOf(dir), false).recovered!.records).toHaveLength(20)
    h.dispose()
  })

  it('an edited step (a changed number in it) fails its checksum', () => {
    const { dir, lines } = gameDir()
    const i = lines.findIndex((l, j) => j > 5 && /"(voter|target|player|accused)":\d/.test(l))
    expect(i).toBeGreaterThan(0)
    const edited = lines[i]!.replace(/"(voter|target|player|accused)":(\d)/, (_m, k: string, d: string) => `"${k}":${(Number(d) + 1) % 9}`)
    expect(edited).not.toBe(lines[i])
    const { v, aside } = reopen(dir, [...lines.slice(0, i), edited, ...lines.slice(i + 1)].join('\n') + '\n')
    expect(v.notices[0]?.message).toMatch(
      new RegExp(
        `damaged at step ${i} \\(line ${i + 1} does not match its checksum \\(it was changed after it was written\\)\\)\\. The ${i - 1} steps before it`,
      ),
    )
    expect(aside).toHaveLength(1)
  })

  it('swapped roles in the header: nothing is resumed with the wrong roles, the file is kept aside', () => {
    const { dir, lines } = gameDir()
    const first = JSON.parse(lines[0]!) as { header: { deal: { roles: (string | null)[] } } }
    const roles = first.header.deal.roles
    const m = roles.indexOf('mafia')
    const c = roles.indexOf('citizen')
    ;[roles[m], roles[c]] = [roles[c]!, roles[m]!]
    const content = [JSON.stringify(first), ...lines.slice(1)].join('\n') + '\n'
    const { h, v, aside, asideText } = reopen(dir, content)
    expect(v.resumable).toBeNull()
    expect(v.notices).toHaveLength(1)
    expect(v.notices[0]?.message).toMatch(/its header \(the players, roles or rules\) was changed after it was written.*kept as .*corrupt-/)
    expect(asideText).toBe(content)
    expect(aside).toHaveLength(1)
    ok(h.invoke('startGame', req()))
  })

  it('a flipped byte in the middle stops the recovery at that step, with the step named', () => {
    const { dir, lines } = gameDir()
    const text = lines.join('\n') + '\n'
    // Flip a byte inside the 25th line's command (a letter of its type: still JSON, different step).
    const start = text.indexOf(lines[25]!)
    const at = text.indexOf('"type":"', start) + 9
    const flipped = text.slice(0, at) + String.fromCharCode(text.charCodeAt(at) ^ 0x01) + text.slice(at + 1)
    const { h, v } = reopen(dir, flipped)
    expect(v.notices[0]?.message).toMatch(/damaged at step 25 \(line 26 (does not match its checksum|is not readable).*The 24 steps before it were recovered/)
    expect(steps(h)).toBeLessThanOrEqual(24)
  })

  it('a missing line in the middle is found', () => {
    const { dir, lines } = gameDir()
    const { v } = reopen(dir, [...lines.slice(0, 10), ...lines.slice(11)].join('\n') + '\n')
    expect(v.notices[0]?.message).toMatch(/damaged at step 10 \(line 11 is numbered step 11 where step 10 was expected/)
  })

  it('a journal from before checksums resumes only with a notice naming it unchecked, and goes on in the checked format', () => {
    const { dir, lines, view } = gameDir()
    const legacy = [
      JSON.stringify((JSON.parse(lines[0]!) as { header: unknown }).header),
      ...lines.slice(1).map((l) => {
        const { seq: _s, sum: _c, ...r } = JSON.parse(l) as Record<string, unknown>
        return JSON.stringify(r)
      }),
    ]
    expect(legacy[1]).not.toMatch(/"seq"|"sum"/)
    const { h, v } = reopen(dir, legacy.join('\n') + '\n')
    expect(v.notices.map((n) => n.key)).toEqual(['journal.unchecked'])
    expect(v.notices[0]?.message).toMatch(/unchecked.*without checksums/)
    ok(h.invoke('resumeGame'))
    expect(stable(h.refereeAppView()).game).toEqual(view.game)
    const rnd = seeded(77)
    for (let i = 0; i < 3; i++) {
      const c = nextCall(h.refereeAppView(), rnd)!
      ok(perform(h, c))
    }
    const after = stable(h.refereeAppView())
    h.dispose()
    const rewritten = readFileSync(journalOf(dir), 'utf8').split('\n').slice(0, -1)
    expect(rewritten).toHaveLength(lines.length + 3)
    expect(JSON.parse(rewritten.at(-1)!)).toMatchObject({ seq: lines.length + 2 })
    const again = open(dir)
    expect(again.refereeAppView().notices).toEqual([])
    ok(again.invoke('resumeGame'))
    expect(stable(again.refereeAppView()).game).toEqual(after.game)
  })

  it('a resumed checked journal goes on with the next sequence number', () => {
    const { dir, lines } = gameDir(10)
    const h = open(dir)
    ok(h.invoke('resumeGame'))
    const c = nextCall(h.refereeAppView(), seeded(3))!
    ok(perform(h, c))
    h.dispose()
    const after = readFileSync(journalOf(dir), 'utf8').split('\n').slice(0, -1)
    expect(after.slice(0, lines.length)).toEqual(lines)
    expect(JSON.parse(after.at(-1)!)).toMatchObject({ seq: 11 })
    expect(recoverJournal(journalOf(dir), false).notices).toEqual([])
  })
})
