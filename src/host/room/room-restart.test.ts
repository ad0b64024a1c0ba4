import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RoomView } from '../../shared/room'
import { createFileHost } from '../index'
import { PLAYERS9, tempDir } from '../../../test/support/host'
import { bundleChild } from '../../../test/support/child-bundle'
import { call, joined, listen, makeRoomHost, roomGame, until } from '../../../test/support/room'

/**
 * The room survives the laptop: after a SIGKILL mid-game and a start on the same data folder, the
 * room is open again on the same address by itself and a phone admitted before is known by its own
 * token (room-file.ts); closing the room forgets it; the club's port is kept in the settings.
 */
let CHILD = ''
let PAGES = ''
const children: ChildProcess[] = []

beforeAll(() => {
  const dir = tempDir('nightfall-room-child-')
  CHILD = bundleChild(join(import.meta.dirname, '../../../test/support/room-child.ts'), dir)
  PAGES = join(dir, 'pages')
  mkdirSync(join(PAGES, 'player'), { recursive: true })
  writeFileSync(join(PAGES, 'player', 'index.html'), '<!doctype html><title>player</title>')
})

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

interface Said {
  ready?: boolean
  done?: string
  ok?: boolean
  lan: RoomView
}

/** A host child on `dataDir`: each line it says, and a way to ask it something. */
function child(dataDir: string) {
  const c = spawn(process.execPath, [CHILD, dataDir, PAGES], { stdio: ['pipe', 'pipe', 'inherit'] })
  children.push(c)
  const said: Said[] = []
  createInterface({ input: c.stdout! }).on('line', (l) => said.push(JSON.parse(l) as Said))
  const ask = async (...call: unknown[]): Promise<Said> => {
    const before = said.length
    c.stdin!.write(JSON.stringify(call) + '\n')
    await until(() => said.length > before, 10_000)
    return said.at(-1)!
  }
  const ready = until(() => said.some((s) => s.ready), 15_000).then(() => said.find((s) => s.ready)!)
  const killed = new Promise<void>((r) => c.on('exit', () => r()))
  return { c, said, ask, ready, kill: () => (c.kill('SIGKILL'), killed) }
}

describe('the room across a restart', () => {
  it('after a SIGKILL mid-game the room is open again on the same address, and an admitted phone is known by its own token', async () => {
    const data = tempDir('nightfall-room-restart-')
    const first = child(data)
    expect((await first.ready).lan.open).toBe(false)
    const opened = await first.ask('openRoom', null)
    expect(opened.ok).toBe(true)
    const origin = opened.lan.playerUrl!.replace(/\/player\/$/, '')
    expect((await first.ask('saveRoster', [...PLAYERS9])).ok).toBe(true)
    // Phones join as the page does (a key agreed with the host: test/support/room.ts).
    const phone = await joined(origin, PLAYERS9[2]!)
    const token = phone.token
    // A phone still asking when the laptop stops is not kept: it asks again.
    const asking = (await joined(origin, PLAYERS9[3]!)).token
    const pair = await call(origin, '/room/pair', { method: 'POST', body: { code: opened.lan.displayCode } })
    const tv = (JSON.parse(pair.body) as { token: string }).token
    const view = await first.ask('getView')
    const id = view.lan.devices.find((d) => d.name === PLAYERS9[2])!.id
    expect((await first.ask('admitDevice', id)).ok).toBe(true)
    expect((await first.ask('startGame', roomGame(PLAYERS9))).ok).toBe(true)
    const before = listen(origin, phone)
    await until(() => before.messages.some((m) => m.kind === 'game'))

    await first.kill()
    before.close()
    const t0 = Date.now()
    const second = child(data)
    const back = await second.ready
    const ms = Date.now() - t0
    // The same address, within seconds (a child's start included), without the referee.
    expect(back.lan.open).toBe(true)
    expect(back.lan.playerUrl).toBe(opened.lan.playerUrl)
    expect(ms).toBeLessThan(15_000)
    expect((await call(origin, `/room/device?token=${token}`)).status).toBe(204)
    expect((await call(origin, `/room/device?token=${tv}`)).status).toBe(204)
    expect((await call(origin, `/room/device?token=${asking}`)).status).toBe(403)
    expect(back.lan.devices.map((d) => [d.name, d.state])).toEqual([[PLAYERS9[2], 'admitted']])
    // Its stream, sealed for the key it agreed before the crash: waiting for the referee to continue,
    // then its own seat's game, no new admission.
    const after = listen(origin, phone)
    expect(await after.status).toBe(200)
    await until(() => after.messages.some((m) => m.kind === 'resuming'))
    expect((await second.ask('resumeGame')).ok).toBe(true)
    await until(() => after.messages.some((m) => m.kind === 'game'))
    const seat = after.messages.find((m) => m.kind === 'game')
    expect(seat?.kind === 'game' && seat.view.seat).toBe(2)
    expect(after.unopened).toEqual([])
    after.close()

    // The referee closes the room: the tokens are forgotten, here and on the next start; the port is kept.
    expect((await second.ask('closeRoom')).ok).toBe(true)
    expect(existsSync(join(data, 'journal', 'room.json'))).toBe(false)
    await second.kill()
    const third = child(data)
    expect((await third.ready).lan.open).toBe(false)
    const reopened = await third.ask('openRoom', null)
    expect(reopened.lan.playerUrl).toBe(opened.lan.playerUrl)
    expect((await call(origin, `/room/device?token=${token}`)).status).toBe(403)
  })

  it('“has seen the role” starts over with each new game', async () => {
    const host = makeRoomHost()
    try {
      expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
      expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
      const origin = host.refereeAppView().lan.playerUrl!.replace(/\/player\/$/, '')
      const { token } = await joined(origin, 'Anna')
      host.invoke('admitDevice', host.refereeAppView().lan.devices[0]!.id)
      const looked = () => host.refereeAppView().lan.devices[0]!.lookedAtRole
      for (let game = 0; game < 2; game++) {
        expect(host.invoke('startGame', roomGame(PLAYERS9))).toMatchObject({ ok: true })
        expect(looked()).toBe(false)
        expect((await call(origin, '/room/looked', { method: 'POST', headers: { 'x-room-token': token } })).status).toBe(204)
        expect(looked()).toBe(true)
        expect(host.invoke('closeGame')).toMatchObject({ ok: true })
        expect(host.invoke('discardSavedGame')).toMatchObject({ ok: true })
      }
    } finally {
      host.dispose()
    }
  })

  it('when another program has the club’s port, the room opens on a new one and says so', async () => {
    const host = makeRoomHost()
    try {
      expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
      const port = Number(host.refereeAppView().lan.address!.split(':')[1])
      expect(host.refereeAppView().lan.movedFrom).toBeNull()
      await host.invoke('closeRoom')
      const squatter = createServer()
      await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', () => r()))
      try {
        expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
        const lan = host.refereeAppView().lan
        expect(lan.movedFrom).toBe(port)
        expect(lan.address).not.toBe(`127.0.0.1:${port}`)
        // The projector's QR code carries the new address.
        const screen = host.projectorScreen()
        expect('roomUrl' in screen && screen.roomUrl).toBe(lan.playerUrl)
      } finally {
        squatter.close()
      }
    } finally {
      host.dispose()
    }
  })

  it('a quit during a game tells the phones the laptop is restarting and keeps the room; a quit between games forgets it', async () => {
    const data = tempDir('nightfall-room-quit-')
    const open = async () => {
      const host = createFileHost(data, { durable: false, estimate: null, roomPages: PAGES, roomAddresses: async () => ['127.0.0.1'] })
      await host.roomReopened
      return host
    }
    const host = await open()
    expect(host.invoke('saveRoster', [...PLAYERS9])).toMatchObject({ ok: true })
    expect(await host.invoke('openRoom', null)).toMatchObject({ ok: true })
    const origin = host.refereeAppView().lan.playerUrl!.replace(/\/player\/$/, '')
    const { token } = await joined(origin, 'Anna')
    host.invoke('admitDevice', host.refereeAppView().lan.devices[0]!.id)
    expect(host.invoke('startGame', roomGame(PLAYERS9))).toMatchObject({ ok: true })
    const raw = rawStream(origin, token)
    await until(() => raw.text.includes('"kind":"game"'))
    host.dispose()
    await raw.ended
    expect(raw.text).toContain('event: bye\ndata: "restarting"')
    expect(existsSync(join(data, 'journal', 'room.json'))).toBe(true)

    const again = await open()
    expect(again.refereeAppView().lan.playerUrl).toBe(`${origin}/player/`)
    expect((await call(origin, `/room/device?token=${token}`)).status).toBe(204)
    // A quit with no game in progress (the unfinished one set aside for good): the evening is over, the room is forgotten.
    expect(again.invoke('discardSavedGame')).toMatchObject({ ok: true })
    const last = rawStream(origin, token)
    await until(() => last.text.includes('data: '))
    again.dispose()
    await last.ended
    expect(last.text).toContain('event: bye\ndata: "closed"')
    expect(existsSync(join(data, 'journal', 'room.json'))).toBe(false)
  })
})

/** A stream's raw text (its named events included). */
function rawStream(origin: string, token: string): { text: string; ended: Promise<void> } {
  const out = { text: '', ended: Promise.resolve() }
  out.ended = new Promise<void>((done) => {
    const req = request(new URL(`/room/player?token=${token}`, origin), (res) => {
      res.setEncoding('utf8')
      res.on('data', (c: string) => (out.text += c))
      res.on('close', () => done())
    })
    req.on('error', () => done())
    req.end()
  })
  return out
}
