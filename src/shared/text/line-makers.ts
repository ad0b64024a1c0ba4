import type { RoleId } from '../roles'
import type { Line } from './line'

/**
 * The small makers every telling of the room's events uses (the announcements, the story, a
 * feature's own lines in src/shared/features): a line, the seats the room sees, and a death's line
 * with the role after it.
 */

/** A line: its key, its parameters and the number that picks its plural form. */
export const line = (key: string, params: Line['params'] = {}, count?: number): Line => (count === undefined ? { key, params } : { key, params, count })

/** The seats the room sees: each seat's name and, when public, its role. */
export type AnnouncedSeats = readonly { readonly name: string; readonly role?: RoleId | null }[]

/** "… — Mafioso": a line with the dead's role after it, when the room is shown the role. */
export const withRole = (base: Line, role: RoleId | null | undefined): Line =>
  role ? line('announce.withRole', { text: { line: base }, role: { role } }) : base
