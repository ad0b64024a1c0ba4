/**
 * `npm run bench -- room`, its night on the phones (issue 32): 20 phones (a second host of the
 * private LAN where there is one) play every night call of a MaffiaSIG game with `nightOnPhones`
 * on: every living phone picks (sealed, as the page does), the referee takes the picks and ends the
 * call; the days are played by the referee's random legal moves. Printed, never asserted:
 *   - whether every seat's stream had the same shape over the nights (the count of messages and each
 *     one's byte length, as they crossed the network), mafiosi, inspector and citizens alike;
 *   - a pick's POST until the referee's view and every phone's stream have their new message: p95.
 */
import { randomBytes } from 'node:crypto'
import { request, type Agent } from 'node:http'
import type { StartGameRequest } from '../src/shared/api'
import { NONCE_BYTES, seal } from '../src/shared/room-seal'
import { pickBound } from '../src/shared/room-wire'
import type { WireScreen } from '../src/shared/room'
import { preset } from '../src/engine/rulesets'
import { createFileHost } from '../src/host'
import { nextCall, perform, tempDir } from '../test/support/host'
import { call, joined, type TestPhone } from '../test/support/room'
import { sseReader } from '../test/support/sse'

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN
}

/** A phone's stream: each message's byte length as it came, the last one opened's call id, and a wait for the next. */
function phoneStream(origin: string, token: string, agent?: Agent) {
  const sizes: number[] = []
  let last: WireScreen | null = null
  const waiting: { after: number; done: () => void }[] = []
  const req = request(new URL(`/room/player?token=${token}`, origin), { agent }, (res) => {
    res.setEncoding('utf8')
    res.on(
      'data',
      sseReader((data) => {
        sizes.push(Buffer.byteLength(data))
        last = JSON.parse(data) as WireScreen
        for (const w of waiting.splice(0))
          if (sizes.length > w.after) w.done()
          else waiting.push(w)
      }),
    )
  })
  req.end()
  return {
    sizes,
    last: () => last,
    next: (after: number) => (sizes.length > after ? Promise.resolve() : new Promise<void>((done) => waiting.push({ after, done }))),
    close: () => req.destroy(),
  }
}

export async function nightOnPhones(lan: string, agent: Agent | undefined, phones = 20): Promise<string> {
  const players = Array.from({ length: phones }, (_, i) => `Player ${i + 1}`)
  const host = createFileHost(tempDir('nightfall-bench-night-'), {
    durable: false,
    estimate: null,
    roomPages: tempDir('nightfall-bench-night-pages-'),
    roomAddresses: async () => [lan],
    roomCallMinMs: 0,
  })
  const r = preset('maffiasig')
  const req: StartGameRequest = {
    ruleset: { ...r, options: { ...r.options, nightOnPhones: true } },
    players,
    counts: { mafia: 5, investigator: 1, doctor: 0, citizen: phones - 6 },
    dealMode: 'digital',
  }
  if (!host.invoke('startGame', req).ok) throw new Error('the game did not start')
  if (!(await host.invoke('openRoom', lan)).ok) throw new Error('the room did not open')
  const origin = `http://${host.refereeAppView().lan.address}`
  const seated: TestPhone[] = []
  for (const name of players) seated.push(await joined(origin, name, { agent }))
  for (const d of host.refereeAppView().lan.devices) host.invoke('admitDevice', d.id)
  const streams = seated.map((p) => phoneStream(origin, p.token, agent))
  await Promise.all(streams.map((s) => s.next(0)))
  let refereePushes = 0
  const wake: (() => void)[] = []
  host.onRefereeView(() => {
    refereePushes++
    for (const w of wake.splice(0)) w()
  })
  const refereeAfter = (n: number) => (refereePushes > n ? Promise.resolve() : new Promise<void>((done) => wake.push(done)))

  const times: number[] = []
  let calls = 0
  const start = streams.map((s) => s.sizes.length)
  for (let guard = 0; guard < 5000; guard++) {
    const v = host.refereeAppView()
    const g = v.game
    if (!g || g.winner) break
    const at = v.lan.call
    if (g.projector.phase === 'night' && at && !at.done) {
      calls++
      const alive = g.seats.filter((s) => s.alive).map((s) => s.seat)
      const town = alive.filter((p) => g.seats[p]!.role !== 'mafia')
      for (const p of alive) {
        // The mafia shoot one townsperson; everyone else suspects someone.
        const target = g.seats[p]!.role === 'mafia' ? town[0]! : alive[(p * 7 + calls) % alive.length]!
        const counts = streams.map((s) => s.sizes.length)
        const pushes = refereePushes
        const t0 = performance.now()
        const sealed = seal(seated[p]!.seal.key, { call: at.id, target }, pickBound(seated[p]!.token), randomBytes(NONCE_BYTES))
        const answer = await call(origin, '/room/pick', { method: 'POST', headers: { 'x-room-token': seated[p]!.token }, body: { sealed }, agent })
        if (answer.status !== 204) throw new Error(`a pick was refused: ${answer.status}`)
        // Every phone, a dead seat's too: each is sent the call's every change (its shape is every seat's).
        await Promise.all([refereeAfter(pushes), ...streams.map((s, k) => s.next(counts[k]!))])
        times.push(performance.now() - t0)
      }
      if (!host.invoke('takePhonePicks').ok) throw new Error('the picks could not be taken')
      continue
    }
    const c = nextCall(v)
    if (!c) break
    // At night the phones did the roles' part: the referee's own moves only end the calls.
    if (g.projector.phase === 'night' && c[0] === 'play' && c[1][0].type !== 'endNightStep' && c[1][0].type !== 'identifyRole') {
      host.play({ type: 'endNightStep' })
      continue
    }
    perform(host, c)
  }
  await new Promise((done) => setTimeout(done, 200))
  // Every seat's stream from the first call on, the living and the dead alike.
  const shapes = streams.map((s, k) => s.sizes.slice(start[k]).join(','))
  const same = shapes.every((x) => x === shapes[0])
  for (const s of streams) s.close()
  await host.invoke('closeRoom')
  host.dispose()
  return `night on phones: ${calls} calls, every seat's stream the same shape (messages and bytes): ${same ? 'yes' : 'no'}; pick → referee and phones p95 ${quantile(times, 0.95).toFixed(1)} ms`
}
