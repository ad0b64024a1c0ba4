import { z } from 'zod'
import { NAME_INPUT_MAX } from './names'
import { DISPLAY_CODE_DIGITS } from './room'

/** What a phone or a TV may send to the room (docs/room.md): unknown in, checked here. */

/** A device's secret: 24 random bytes (192 bits), base64url. Never logged, never in the referee's view. */
export const DEVICE_TOKEN = /^[A-Za-z0-9_-]{32}$/

/** What a phone sends to ask for a seat: the seated player's name, as listed (compared once normalised, names.ts). */
export const joinRequestSchema = z.object({ name: z.string().trim().min(1).max(NAME_INPUT_MAX) }).strict()
/** What a TV sends to pair: the display code the referee window shows. */
export const pairRequestSchema = z.object({ code: z.string().regex(new RegExp(`^\\d{${DISPLAY_CODE_DIGITS}}$`)) }).strict()
export const deviceTokenSchema = z.string().regex(DEVICE_TOKEN)
/** What a phone sends to claim its seat with the personal secret of its player's QR code (the same form as a token). */
export const claimRequestSchema = z.object({ secret: deviceTokenSchema }).strict()
