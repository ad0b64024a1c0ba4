import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../persistence/fs-util'
import { deviceTokenSchema } from '../../shared/room-schemas'
import type { SavedDevices } from './room'

/**
 * The open room, kept beside the game in progress (`<data>/journal/room.json`): the address and port
 * it listens on and its admitted phones' and paired TVs' tokens, so that after a crash, a sleep or a
 * quit during a game the room opens again by itself and every device comes back with its own token (and a phone with its key)
 * (docs/room.md, "A restart"). Written whenever those change; removed when the referee closes the
 * room or the app quits with no game in progress (the evening is over). A damaged file is ignored
 * (the room then stays closed until the referee opens it: nothing else depends on it).
 */
const id = z.string().min(1).max(32)
const savedRoomSchema = z.object({
  v: z.literal(1),
  address: z.ipv4(),
  port: z.number().int().min(1).max(65535),
  devices: z
    .array(
      z.object({
        id,
        token: deviceTokenSchema,
        name: z.string().min(1).max(200),
        lookedAtRole: z.boolean(),
        // The phone's key (32 bytes, base64url) and its six-digit code (room-seal.ts).
        key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
        code: z.string().regex(/^\d{6}$/),
        device: z.string().max(100).nullable(),
        since: z.number().int().nonnegative(),
      }),
    )
    .max(200),
  displays: z.array(z.object({ id, token: deviceTokenSchema })).max(50),
})
export type SavedRoom = z.infer<typeof savedRoomSchema>

export class RoomFile {
  private last = ''

  constructor(
    private readonly path: string,
    private readonly durable: boolean,
  ) {}

  read(): SavedRoom | null {
    try {
      if (!existsSync(this.path)) return null
      const r = savedRoomSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')))
      return r.success ? r.data : null
    } catch {
      return null
    }
  }

  /** Keep the room as it is now (nothing is written when nothing changed). False when the disk refused. */
  write(address: string, port: number, devices: SavedDevices): boolean {
    const text = JSON.stringify({ v: 1, address, port, ...devices } satisfies SavedRoom)
    if (text === this.last) return true
    try {
      mkdirSync(dirname(this.path), { recursive: true })
      writeFileAtomic(this.path, text, this.durable)
      this.last = text
      return true
    } catch {
      return false
    }
  }

  /** Forget the room: its tokens are worth nothing after a restart. */
  remove(): void {
    this.last = ''
    try {
      rmSync(this.path, { force: true })
    } catch {
      // Left behind: the room it names opens on the next start, as it would after a crash.
    }
  }
}
