import { randomBytes, randomInt } from 'node:crypto'
import { DISPLAY_CODE_DIGITS, type RoomDevice, type RoomDisplay } from '../../../shared/room'
import { PairingLimit } from './pairing'

/**
 * The room's devices, without the network (the server is room/server.ts): phones asking for a seat
 * and admitted by the referee, or claiming it with the seat's personal secret (the QR the referee
 * shows that player during the private reveal), TVs paired by a display code. A device is known to
 * the host by its token (192 random bits from crypto), to the referee window by an id that grants nothing.
 */
interface Device extends RoomDevice {
  token: string
  connections: number
  /** The address it asked from (a claim: ''). */
  from: string
  /** When it asked (a waiting phone whose stream is gone expires ASKING_GRACE_MS after it was last seen). */
  askedAt: number
}
interface Display extends RoomDisplay {
  token: string
  connections: number
}

/** The devices a room file keeps (room-file.ts). */
export interface SavedDevices {
  devices: { id: string; token: string; name: string; lookedAtRole: boolean }[]
  displays: { id: string; token: string }[]
}

export const newToken = (): string => randomBytes(24).toString('base64url')
const newId = (): string => randomBytes(6).toString('base64url')
const newCode = (): string => String(randomInt(0, 10 ** DISPLAY_CODE_DIGITS)).padStart(DISPLAY_CODE_DIGITS, '0')

/** At most this many phones waiting for the referee (a flood of join requests asks nothing more of the window). */
export const MAX_ASKING = 30
/** At most this many phones waiting from one address (a table behind one phone's hotspot shares one); past it, its oldest ask makes room. */
export const MAX_ASKING_PER_ADDRESS = 20
/** At most this many phones waiting for one name: a real phone asking beside a stranger's, both shown to the referee. */
export const MAX_ASKING_PER_NAME = 2
/** A waiting phone with no stream open is forgotten this long after it was last seen. */
export const ASKING_GRACE_MS = 20_000
export const MAX_DEVICES = 60
export const MAX_DISPLAYS = 8

export class Room {
  private readonly devices = new Map<string, Device>()
  private readonly displays = new Map<string, Display>()
  private code = newCode()
  /** Wrong display codes, counted for the whole room (pairing.ts). */
  private readonly pairing: PairingLimit
  /** Each player's personal secret (192 random bits) → their name: one a player, the last one shown; used up by a claim. */
  private readonly secrets = new Map<string, string>()

  constructor(private readonly now: () => number) {
    this.pairing = new PairingLimit(now)
  }

  /**
   * A phone at address `from` asks for the seat of `name`: a new token, waiting for the referee
   * (room is made for it by makeRoomToAsk). Null when no room can be made.
   */
  ask(name: string, from: string): string | null {
    this.expireAsking()
    if (!this.makeRoomToAsk(name, from)) return null
    return this.add(name, 'asking', from)
  }

  /**
   * Room for one more phone asking for `name` from `from`, within the limits: the same address
   * asking for the same name again replaces its own earlier ask (a name asks once at a time per
   * device); past MAX_ASKING_PER_NAME the name's ask from the address waiting with the most phones
   * (the oldest of those) makes room, so a real phone always gets beside a stranger's; past
   * MAX_ASKING_PER_ADDRESS an address's oldest ask makes room for its new one; past MAX_ASKING the
   * oldest ask of the address waiting with the most does. False only when the room is full of
   * admitted phones.
   */
  private makeRoomToAsk(name: string, from: string): boolean {
    const asking = () => [...this.devices.values()].filter((d) => d.state === 'asking')
    const forget = (d: Device | undefined) => d && this.devices.delete(d.token)
    forget(asking().find((d) => d.name === name && d.from === from))
    const perAddress = (a: string) => asking().filter((d) => d.from === a).length
    const mostFirst = (ds: Device[]) => [...ds].sort((a, b) => perAddress(b.from) - perAddress(a.from) || a.askedAt - b.askedAt)
    const ofName = asking().filter((d) => d.name === name)
    if (ofName.length >= MAX_ASKING_PER_NAME) forget(mostFirst(ofName)[0])
    const ofAddress = asking().filter((d) => d.from === from)
    if (ofAddress.length >= MAX_ASKING_PER_ADDRESS) forget(ofAddress.sort((a, b) => a.askedAt - b.askedAt)[0])
    if (asking().length >= MAX_ASKING) forget(mostFirst(asking())[0])
    return this.devices.size < MAX_DEVICES
  }

  /** Forget the waiting phones whose stream is gone (not seen for ASKING_GRACE_MS): true if any was. */
  expireAsking(): boolean {
    const before = this.now() - ASKING_GRACE_MS
    let any = false
    for (const d of [...this.devices.values()]) if (d.state === 'asking' && !d.connected && d.lastSeen < before) any = this.devices.delete(d.token) || any
    return any
  }

  private add(name: string, state: Device['state'], from = ''): string | null {
    const asking = [...this.devices.values()].filter((d) => d.state === 'asking')
    if ((state === 'asking' && asking.length >= MAX_ASKING) || this.devices.size >= MAX_DEVICES) return null
    const token = newToken()
    const at = this.now()
    this.devices.set(token, { id: newId(), token, name, state, connected: false, connections: 0, lastSeen: at, lookedAtRole: false, from, askedAt: at })
    return token
  }

  /** A new personal secret for `name` (the one shown before it is worth nothing from now on). */
  personalSecret(name: string): string {
    for (const [secret, n] of this.secrets) if (n === name) this.secrets.delete(secret)
    const secret = newToken()
    this.secrets.set(secret, name)
    return secret
  }

  /**
   * A phone brings a personal secret: it is used up, and the phone gets the seat without the
   * referee — unless the seat already has a phone, when the new one asks like any other (a second
   * device for a claimed seat needs the referee). Null for a secret the room does not know.
   */
  claim(secret: string): string | null {
    const name = this.secrets.get(secret)
    if (name === undefined) return null
    this.secrets.delete(secret)
    const claimed = [...this.devices.values()].some((d) => d.name === name && d.state === 'admitted')
    return this.add(name, claimed ? 'asking' : 'admitted')
  }

  /** Forget the phones and secrets of every name not in `names` (its player left the roster): the phones dropped. */
  keepOnly(names: readonly string[]): { token: string; name: string }[] {
    for (const [secret, n] of this.secrets) if (!names.includes(n)) this.secrets.delete(secret)
    const gone = [...this.devices.values()].filter((d) => !names.includes(d.name))
    for (const d of gone) this.devices.delete(d.token)
    return gone.map(({ token, name }) => ({ token, name }))
  }

  /** The referee lets a waiting phone have its seat. */
  admit(id: string): boolean {
    const d = this.byId(id)
    if (!d) return false
    d.state = 'admitted'
    return true
  }

  /** The referee refuses a waiting phone or drops an admitted one: its token is worth nothing from now on. */
  drop(id: string): boolean {
    const d = this.byId(id)
    if (d) return this.devices.delete(d.token)
    for (const [token, s] of this.displays) if (s.id === id) return this.displays.delete(token)
    return false
  }

  device(token: string): Readonly<Device> | undefined {
    return this.devices.get(token)
  }

  display(token: string): Readonly<Display> | undefined {
    return this.displays.get(token)
  }

  /**
   * A TV at address `who` types the display code: a token for the room's projector, and a new code
   * for the next screen; null for a wrong code; 'wait' when the room has had too many wrong ones
   * (pairing.ts: the try is not checked).
   */
  pair(code: string, who: string): string | null | 'wait' {
    if (!this.pairing.mayTry(who)) return 'wait'
    if (code !== this.code) {
      this.pairing.wrongTry(who)
      return null
    }
    if (this.displays.size >= MAX_DISPLAYS) return null
    this.newCode()
    const token = newToken()
    this.displays.set(token, { id: newId(), token, connected: false, connections: 0, lastSeen: this.now() })
    return token
  }

  private newCode(): void {
    this.code = newCode()
  }

  get displayCode(): string {
    return this.code
  }

  /** A device's stream opened (+1) or closed (-1), or it sent a request (0). Answers whether the referee's view changed. */
  seen(token: string, delta: -1 | 0 | 1): boolean {
    const d = this.devices.get(token) ?? this.displays.get(token)
    if (!d) return false
    const was = d.connected
    d.connections = Math.max(0, d.connections + delta)
    d.connected = d.connections > 0
    d.lastSeen = this.now()
    return was !== d.connected
  }

  lookedAtRole(token: string): boolean {
    const d = this.devices.get(token)
    if (!d || d.state !== 'admitted' || d.lookedAtRole) return false
    d.lookedAtRole = true
    return true
  }

  /** Every token is forgotten (the room closed). */
  clear(): void {
    this.devices.clear()
    this.displays.clear()
    this.secrets.clear()
    this.pairing.clear()
    this.newCode()
  }

  /** What the room file keeps (room-file.ts): each admitted phone's and paired TV's token, id and seat; no one asking, no secret. */
  saved(): SavedDevices {
    return {
      devices: [...this.devices.values()].filter((d) => d.state === 'admitted').map(({ id, token, name, lookedAtRole }) => ({ id, token, name, lookedAtRole })),
      displays: [...this.displays.values()].map(({ id, token }) => ({ id, token })),
    }
  }

  /** The devices of a room that was open when the app stopped: each comes back with its own token, away until it reconnects. */
  restore(saved: SavedDevices): void {
    for (const d of saved.devices.slice(0, MAX_DEVICES))
      this.devices.set(d.token, { ...d, state: 'admitted', connected: false, connections: 0, lastSeen: this.now(), from: '', askedAt: this.now() })
    for (const s of saved.displays.slice(0, MAX_DISPLAYS)) this.displays.set(s.token, { ...s, connected: false, connections: 0, lastSeen: this.now() })
  }

  /** A new game: nobody has looked at their role in it yet. */
  newGame(): void {
    for (const d of this.devices.values()) d.lookedAtRole = false
  }

  views(): { devices: RoomDevice[]; displays: RoomDisplay[] } {
    return {
      devices: [...this.devices.values()].map(({ id, name, state, connected, lastSeen, lookedAtRole }) => ({
        id,
        name,
        state,
        connected,
        lastSeen,
        lookedAtRole,
      })),
      displays: [...this.displays.values()].map(({ id, connected, lastSeen }) => ({ id, connected, lastSeen })),
    }
  }

  private byId(id: string): Device | undefined {
    for (const d of this.devices.values()) if (d.id === id) return d
    return undefined
  }
}
