import { z } from 'zod'
import { NAME_INPUT_MAX } from './names'
import { DISPLAY_CODE_DIGITS } from './room'
import { SEALED_CHARS } from './room-seal'

/** What a phone or a TV may send to the room (docs/room.md): unknown in, checked here. */

/** A device's secret: 24 random bytes (192 bits), base64url. Never logged, never in the referee's view. */
export const DEVICE_TOKEN = /^[A-Za-z0-9_-]{32}$/

/** 32 bytes (an X25519 public key, a SHA-256 commitment), base64url. */
const BYTES32 = z.string().regex(/^[A-Za-z0-9_-]{43}$/)
/** What a phone sends to ask for a seat: the seated player's name, as listed (compared once normalised, names.ts), and its commitment to its public key (room-seal.ts). */
export const joinRequestSchema = z.object({ name: z.string().trim().min(1).max(NAME_INPUT_MAX), commit: BYTES32 }).strict()
/** What a joined phone sends once it has the host's public key: its own (the commitment's). */
export const keyRequestSchema = z.object({ pub: BYTES32 }).strict()
/** What a TV sends to pair: the display code the referee window shows. */
export const pairRequestSchema = z.object({ code: z.string().regex(new RegExp(`^\\d{${DISPLAY_CODE_DIGITS}}$`)) }).strict()
export const deviceTokenSchema = z.string().regex(DEVICE_TOKEN)
/** What a phone sends to claim its seat with its player's personal QR code: the claim's id, derived from the code's secret (which never leaves the phone). */
export const claimRequestSchema = z.object({ claim: deviceTokenSchema }).strict()

/** What a phone sends to pick at a night call: its PhonePick sealed for the host (room-wire.ts, pickBound), one length for every pick. */
export const pickRequestSchema = z.object({ sealed: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${SEALED_CHARS}}$`)) }).strict()
/** The pick, once opened with the phone's key: the call it is for and the seat it names. */
/** A day's vote, once opened with the phone's key (POST /room/vote, sealed as a pick is): the open vote it is for (host/room/day-vote.ts) and the choice — yes/no, a nominee's seat, or null: no vote. */
export const phoneBallotSchema = z.object({ vote: z.string().max(400), choice: z.union([z.boolean(), z.number().int().min(0).max(59), z.null()]) }).strict()
export const phonePickSchema = z.object({ call: z.string().max(24), target: z.number().int().min(0).max(59) }).strict()
