/**
 * The crash test's child: runs a host on a data folder and plays games forever, writing one line to
 * stdout AFTER each host call returns (the "acknowledgement" the referee would have seen). The
 * parent SIGKILLs it at random points and checks that every acknowledged step survived.
 *   node --import tsx test/support/crash-child.ts <dataDir> <seed> [--torn]   (the test runs an esbuild bundle of it)
 */
import { readSync, writeSync } from 'node:fs'
import { preset } from '../../src/engine/rulesets'
import { createFileHost } from '../../src/host/index'
import { journalTestHooks } from '../../src/host/persistence/journal'
import { PLAYERS9, nextCall, perform, seeded } from './host'

const [dir, seedArg] = process.argv.slice(2)
if (!dir) throw new Error('usage: crash-child <dataDir> <seed>')
const rnd = seeded(Number(seedArg ?? 1))
const host = createFileHost(dir, { durable: true })

const out = (o: unknown) => writeSync(1, JSON.stringify(o) + '\n')

// With --torn: halfway through writing each journal record, say so and wait for the parent's go-ahead
// (one byte on stdin), so that the parent can kill the process with half a line on disk.
if (process.argv.includes('--torn')) {
  const go = Buffer.alloc(1)
  journalTestHooks.midWrite = () => {
    out({ midWrite: true })
    for (;;) {
      try {
        if (readSync(0, go, 0, 1, null) === 1) return
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1)
    }
  }
}
const idOf = (): string | undefined => {
  const f = host.invoke('exportGame')
  return f.ok ? f.value.id : undefined
}

out({ ready: true, notices: host.refereeAppView().notices })
for (;;) {
  const v = host.refereeAppView()
  if (v.resumable) {
    const r = host.invoke('resumeGame')
    if (!r.ok) throw new Error(`resume refused: ${r.error.message}`)
    out({ ack: 'resume', game: idOf() })
  } else if (!v.game) {
    const presetId = rnd() < 0.5 ? 'maffiasig' : 'estonian'
    const r = host.invoke('startGame', {
      ruleset: preset(presetId),
      players: [...PLAYERS9],
      counts: presetId === 'maffiasig' ? { mafia: 2, investigator: 1, doctor: 0, citizen: 6 } : { mafia: 2, investigator: 1, doctor: 1, citizen: 5 },
      dealMode: 'digital',
    })
    if (!r.ok) throw new Error(`start refused: ${r.error.message}`)
    out({ ack: 'start', game: idOf() })
  } else if (v.game.winner) {
    const game = idOf()
    const r = host.invoke('closeGame')
    if (!r.ok) throw new Error(`close refused: ${r.error.message}`)
    out({ ack: 'close', game })
  } else {
    const c = nextCall(v, rnd)
    if (!c) throw new Error('no legal call')
    const r = perform(host, c)
    if (!('ok' in r) || !r.ok) throw new Error(`${c[0]} refused: ${JSON.stringify(r)}`)
    out({ ack: 'call', method: c[0], args: c[1] })
  }
}
