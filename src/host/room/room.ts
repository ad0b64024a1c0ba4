import { randomBytes, randomInt } from 'node:crypto'
import { DISPLAY_CODE_DIGITS, type RoomDevice, type RoomDisplay } from '../../shared/room'
import { claimed, claimIdOf, type Agreed } from '../../shared/room-handshake'
import { PairingLimit } from './pairing'

/**
 * The room's devices, without the network (the server is room/server.ts): phones asking for a seat
 * and admitted by the referee, or claiming it with the seat's personal secret (the QR the referee
 * shows that player during the private reveal), TVs paired by a display code. A device is known to
 * the host by its token (192 random bits from crypto), to the referee window by an id that grants nothing.
 * A phone's key (room-seal.ts) is set when it is agreed (a join's handshake) or derived (a claim):
 * a phone without one is not shown to the referee and cannot be let in. One phone per seat: letting
 * a phone in replaces the seat's phone before it.
 */
interface Device extends Omit<RoomDevice, 'code' | 'seatHasPhone'> {
  token: string
  connections: number
  seal: Agreed | null
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
  /** Each admitted phone with its key (base64url) and code: after a restart its messages are sealed for it as before. */
  devices: { id: string; token: string; name: string; lookedAtRole: boolean; key: string; code: string; device: string | null; since: number }[]
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
  /**
   * Each player's personal secret, by its claim's id (what a phone sends: the secret never crosses
   * the network) → their name and the seat's key: one a player, the last one shown; used up by a claim.
   */
  private readonly secrets = new Map<string, { name: string; seal: Agreed }>()
  /** Phones dropped because another phone was let in for their seat: told so once (takeReplaced). */
  private replaced: { token: string; name: string; seal: Agreed | null }[] = []

  constructor(private readonly now: () => number) {
    this.pairing = new PairingLimit(now)
  }

  /**
   * A phone at address `from` asks for the seat of `name`: a new token, waiting for the referee
   * (room is made for it by makeRoomToAsk). Null when no room can be made.
   */
  ask(name: string, from: string, device: string | null = null): string | null {
    this.expireAsking()
    if (!this.makeRoomToAsk(name, from)) return null
    return this.add(name, 'asking', from, device, null)
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

  private add(name: string, state: Device['state'], from: string, device: string | null, seal: Agreed | null): string | null {
    const asking = [...this.devices.values()].filter((d) => d.state === 'asking')
    if ((state === 'asking' && asking.length >= MAX_ASKING) || this.devices.size >= MAX_DEVICES) return null
    const token = newToken()
    const at = this.now()
    this.devices.set(token, {
      id: newId(),
      token,
      name,
      state,
      connected: false,
      connections: 0,
      lastSeen: at,
      lookedAtRole: false,
      from,
      askedAt: at,
      device,
      since: at,
      seal,
    })
    return token
  }

  /** A joined phone's key is agreed (its handshake: seal.ts): from now on it is shown to the referee. */
  sealed(token: string, seal: Agreed): boolean {
    const d = this.devices.get(token)
    if (!d || d.seal) return false
    d.seal = seal
    return true
  }

  /** A new personal secret for `name` (the one shown before it is worth nothing from now on). */
  personalSecret(name: string): string {
    for (const [id, s] of this.secrets) if (s.name === name) this.secrets.delete(id)
    const secret = newToken()
    this.secrets.set(claimIdOf(secret), { name, seal: claimed(secret) })
    return secret
  }

  /**
   * A phone brings a personal secret: it is used up, and the phone gets the seat without the
   * referee — unless the seat already has a phone, when the new one asks like any other (a second
   * device for a claimed seat needs the referee). Null for a secret the room does not know.
   */
  claim(claimId: string, device: string | null = null): string | null {
    const s = this.secrets.get(claimId)
    if (s === undefined) return null
    this.secrets.delete(claimId)
    return this.add(s.name, this.hasPhone(s.name) ? 'asking' : 'admitted', '', device, s.seal)
  }

  private hasPhone(name: string, but?: Device): boolean {
    return [...this.devices.values()].some((d) => d !== but && d.name === name && d.state === 'admitted')
  }

  /** Forget the phones and secrets of every name not in `names` (its player left the roster): the phones dropped. */
  keepOnly(names: readonly string[]): { token: string; name: string; seal: Agreed | null }[] {
    for (const [id, s] of this.secrets) if (!names.includes(s.name)) this.secrets.delete(id)
    const gone = [...this.devices.values()].filter((d) => !names.includes(d.name))
    for (const d of gone) this.devices.delete(d.token)
    return gone.map(({ token, name, seal }) => ({ token, name, seal }))
  }

  /**
   * The referee lets a waiting phone have its seat (only one whose key is agreed: the referee has
   * compared its code). A phone the seat had before is dropped (told so: takeReplaced): never two phones on one seat.
   */
  admit(id: string): boolean {
    const d = this.byId(id)
    if (!d || !d.seal) return false
    for (const old of [...this.devices.values()])
      if (old !== d && old.name === d.name && old.state === 'admitted') {
        this.devices.delete(old.token)
        this.replaced.push({ token: old.token, name: old.name, seal: old.seal })
      }
    d.state = 'admitted'
    return true
  }

  /** The phones replaced since the last call (each told once that another phone has its seat). */
  takeReplaced(): { token: string; name: string; seal: Agreed | null }[] {
    const r = this.replaced
    this.replaced = []
    return r
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
    this.replaced = []
    this.pairing.clear()
    this.newCode()
  }

  /**
   * What the room file keeps (room-file.ts): each admitted phone's token, id, seat and key (the data
   * folder holds the game's roles anyway) and each paired TV's token; no one asking.
   */
  saved(): SavedDevices {
    return {
      devices: [...this.devices.values()].flatMap(({ id, token, name, lookedAtRole, state, seal, device, since }) =>
        state === 'admitted' && seal
          ? [{ id, token, name, lookedAtRole, key: Buffer.from(seal.key).toString('base64url'), code: seal.code, device, since }]
          : [],
      ),
      displays: [...this.displays.values()].map(({ id, token }) => ({ id, token })),
    }
  }

  /** The devices of a room that was open when the app stopped: each comes back with its own token and key, away until it reconnects. */
  restore(saved: SavedDevices): void {
    for (const { key, code, ...d } of saved.devices.slice(0, MAX_DEVICES))
      this.devices.set(d.token, {
        ...d,
        state: 'admitted',
        connected: false,
        connections: 0,
        lastSeen: this.now(),
        from: '',
        askedAt: this.now(),
        seal: { key: new Uint8Array(Buffer.from(key, 'base64url')), code },
      })
    for (const s of saved.displays.slice(0, MAX_DISPLAYS)) this.displays.set(s.token, { ...s, connected: false, connections: 0, lastSeen: this.now() })
  }

  /** A new game: nobody has looked at their role in it yet. */
  newGame(): void {
    for (const d of this.devices.values()) d.lookedAtRole = false
  }

  views(): { devices: RoomDevice[]; displays: RoomDisplay[] } {
    return {
      // A phone whose key is not agreed yet has nothing to compare: not shown.
      devices: [...this.devices.values()].flatMap((d) => {
        const { id, name, state, connected, lastSeen, lookedAtRole, device, since, seal } = d
        if (!seal) return []
        const seatHasPhone = state === 'asking' && this.hasPhone(name, d)
        return [{ id, name, state, connected, lastSeen, lookedAtRole, code: seal.code, seatHasPhone, device, since }]
      }),
      displays: [...this.displays.values()].map(({ id, connected, lastSeen }) => ({ id, connected, lastSeen })),
    }
  }

  private byId(id: string): Device | undefined {
    for (const d of this.devices.values()) if (d.id === id) return d
    return undefined
  }
}
