import { randomBytes, randomInt } from 'node:crypto'
import type { RoomDevice, RoomDisplay } from '../../../shared/room'

/**
 * The room's devices, without the network (the server is room/server.ts): phones asking for a seat
 * and admitted by the referee, or claiming it with the seat's personal secret (the QR the referee
 * shows that player during the private reveal), TVs paired by a display code. A device is known to
 * the host by its token (192 random bits from crypto), to the referee window by an id that grants nothing.
 */
interface Device extends RoomDevice {
  token: string
  connections: number
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
const newCode = (): string => String(randomInt(0, 10_000)).padStart(4, '0')

/** At most this many phones waiting for the referee (a flood of join requests asks nothing more of the window). */
export const MAX_ASKING = 30
export const MAX_DEVICES = 60
export const MAX_DISPLAYS = 8
/** After this many wrong display codes (from any device) the code changes: 4 digits cannot be guessed by trying them all. */
export const WRONG_CODES = 5

export class Room {
  private readonly devices = new Map<string, Device>()
  private readonly displays = new Map<string, Display>()
  private code = newCode()
  /** Wrong display codes typed since the code was made: at WRONG_CODES the code changes (guessing starts over). */
  private wrongCodes = 0
  /** Each player's personal secret (192 random bits) → their name: one a player, the last one shown; used up by a claim. */
  private readonly secrets = new Map<string, string>()

  constructor(private readonly now: () => number) {}

  /** A phone asks for the seat of `name`: a new token, waiting for the referee. Null when too many wait. */
  ask(name: string): string | null {
    return this.add(name, 'asking')
  }

  private add(name: string, state: Device['state']): string | null {
    const asking = [...this.devices.values()].filter((d) => d.state === 'asking')
    if ((state === 'asking' && asking.length >= MAX_ASKING) || this.devices.size >= MAX_DEVICES) return null
    const token = newToken()
    this.devices.set(token, { id: newId(), token, name, state, connected: false, connections: 0, lastSeen: this.now(), lookedAtRole: false })
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

  /** A TV types the display code: a token for the room's projector, and a new code for the next screen. */
  pair(code: string): string | null {
    if (code !== this.code) {
      if (++this.wrongCodes >= WRONG_CODES) this.newCode()
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
    this.wrongCodes = 0
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
      this.devices.set(d.token, { ...d, state: 'admitted', connected: false, connections: 0, lastSeen: this.now() })
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
