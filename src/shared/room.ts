import type { ApiError } from './api-result'
import type { RoleId } from './roles'
import type { Story } from './story'
import type { AnswerStyle, PlayerView, ProjectorView } from './views'

/** How many digits the TV's display code has (host/room/pairing.ts: the room's limit on guessing it). */
export const DISPLAY_CODE_DIGITS = 6

/**
 * The room on the LAN (docs/room.md): the referee opens it, phones join a seat with the referee's
 * consent, TVs pair as projectors. What the referee window sees of it and what a phone receives; the
 * schemas of what a phone or a TV may send are room-schemas.ts (the host's only: no zod in the pages).
 */

/** One phone as the referee sees it (no token: a device id only the referee window uses). */
export interface RoomDevice {
  id: string
  /** The seated player it asked for (by name: a rematch with new seats keeps it). */
  name: string
  state: 'asking' | 'admitted'
  connected: boolean
  /** Host time of its last request or stream message. */
  lastSeen: number
  /** The player has held the role open at least once. */
  lookedAtRole: boolean
  /** Six digits shown on this phone too: the referee compares them before letting it in (the key's check, docs/room.md). */
  code: string
  /** Asking for a seat that already has a phone: letting this one in replaces that one. */
  seatHasPhone: boolean
  /** What kind of device, from its browser's user agent ("iPhone · Safari"); null when it does not say. */
  device: string | null
  /** Host time it asked (or claimed its seat). */
  since: number
}

/** One paired TV (a projector over the LAN). */
export interface RoomDisplay {
  id: string
  connected: boolean
  lastSeen: number
}

/** The room in the referee's view. */
export interface RoomView {
  open: boolean
  /** The LAN addresses the room may be opened on (interfaces with an IPv4 address, the default route's first). */
  addresses: string[]
  /** While open: the address and port served, the players' and the TVs' addresses. */
  address: string | null
  playerUrl: string | null
  projectorUrl: string | null
  /** The DISPLAY_CODE_DIGITS digits a TV types to pair (a new code after each pairing, never after a wrong one). */
  displayCode: string | null
  devices: RoomDevice[]
  displays: RoomDisplay[]
  /** Why the room could not be opened (the network's message). */
  error: string | null
  /** The club's port (kept in the settings) when another program had it: the room opened on a new one. */
  movedFrom: number | null
  /** The night call on the phones now (the ruleset's `nightOnPhones`), null at any other moment. */
  call: RefereeCall | null
  /**
   * The day's votes on the phones (`votesOnPhones`): what the engine refused of the phones' votes in
   * the open vote (the accused voting, a dead seat), whose (named also while the operator plays
   * blind: the vote is open, and who may not vote is public) and why. The phone itself got the one refusal; the referee may record the vote by hand.
   */
  voteRefused: { seats: number[]; error: ApiError }[]
}

export const CLOSED_ROOM: RoomView = Object.freeze({
  open: false,
  addresses: [],
  address: null,
  playerUrl: null,
  projectorUrl: null,
  displayCode: null,
  devices: [],
  displays: [],
  error: null,
  movedFrom: null,
  call: null,
  voteRefused: [],
}) as RoomView

/**
 * What a phone shows: asking (the referee has not answered), waiting for the game to start (`idle`:
 * let in before the game, its player on the roster; `resuming`: the laptop restarted, the referee has
 * not continued the game yet), the game (its player view), or — the last message before its stream
 * ends — that its player left the roster (`left`: the phone is dropped), or that the referee let
 * another phone in for its seat (`replaced`: dropped too).
 * `lang`: the room's language. `story`: once the game is over, the story as the projector shows
 * it, at the projector's page (null while the projector shows anything else).
 */
export type PlayerScreen =
  | { kind: 'asking'; name: string; sentAt: number; lang: string | null }
  | { kind: 'idle'; name: string; sentAt: number; lang: string | null }
  | { kind: 'resuming'; name: string; sentAt: number; lang: string | null }
  | { kind: 'left'; name: string; sentAt: number; lang: string | null }
  | { kind: 'replaced'; name: string; sentAt: number; lang: string | null }
  | { kind: 'game'; view: PlayerView; story: ShownStory | null; call: PhoneCall | null; vote: PhoneVote | null; sentAt: number; lang: string | null }

/**
 * The day's vote on the phones (the ruleset's `votesOnPhones`; host/room/day-vote.ts): `id` the open
 * vote's (shared/vote-id.ts, public: the same on every phone); `mine` this seat's own vote so far
 * (sealed for its phone: the projector may not name voters), null before it votes.
 */
export interface PhoneVote {
  id: string
  mine: { choice: boolean | number | null } | null
}

/** The night calls phones pick at (the mafia's meeting on night 0 is no call: nobody picks). */
export type PhoneCallKind = 'mafia' | 'investigator' | 'doctor'

/**
 * A night call on the phones (the ruleset's `nightOnPhones`, docs/room.md "The night on the phones"),
 * its public part: the same for every phone at the same moment — which call (the referee calls it
 * aloud), how many of the phones have answered, and whether the referee has taken the picks.
 */
export interface PhoneCallPublic {
  id: string
  kind: PhoneCallKind
  answered: number
  total: number
  done: boolean
  /** How the investigator's answer is worded (the ruleset's: mafia / not mafia, or evil / good). */
  style: AnswerStyle
}

/**
 * A call as seat s's phone sees it: the public part and what s may know — its own pick; a mafioso's
 * partners' current picks when the mafia agree on one victim (null otherwise); the investigator's
 * answer once the referee has taken the picks (null for every other seat, and before).
 */
export interface PhoneCallMine {
  pick: number | null
  partners: { seat: number; pick: number | null }[] | null
  answer: { target: number; isMafia: boolean } | null
}
export type PhoneCall = PhoneCallPublic & { mine: PhoneCallMine }

/** What a phone sends to pick at a call (sealed for the host: a sniffer learns neither who acted nor what). */
export interface PhonePick {
  call: string
  target: number
}

/** One seat at the call as the referee sees it: its phone's pick, and whether it counts (its role acts at this call). */
export interface RefereeCallSeat {
  seat: number
  name: string
  /** An admitted phone: it is waited for. */
  phone: boolean
  answered: boolean
  /** Null before it picked, and while the operator is blind. */
  pick: number | null
  /** Its role acts at this call (null while the operator is blind: the variant where the operator plays). */
  acts: boolean | null
}

/** The call in the referee's view (never on the network): every living seat's pick as it arrives. */
export interface RefereeCall extends PhoneCallPublic {
  seats: RefereeCallSeat[]
  /** Host time when the call has lasted its shortest length: the picks can be taken from then on. */
  minUntil: number
  minPassed: boolean
  /** Every phone has answered and the shortest length has passed: the script says so. */
  ready: boolean
  /**
   * What the engine refused when the picks were taken (an investigator naming themself, a shot at a
   * dead seat): whose pick and why, so the referee corrects it by hand. While the operator is blind,
   * no seat is named (it would tell who acts) and the reason is the generic one.
   */
  refused: { seats: number[]; error: ApiError }[]
}

/** What only this seat may know: sealed for its phone (room-seal.ts), never on the wire in the clear. */
export interface SeatSecrets {
  seat: number | null
  name: string
  role: RoleId | null
  partners: number[] | null
  /** At a night call on the phones: this seat's own part of it. */
  call: PhoneCallMine | null
}

/**
 * A PlayerScreen as it crosses the network: the public part in the clear (the same for every seat at
 * the same moment: the board, the story, the room's language), the seat's secrets sealed for its
 * phone in `sealed`, always SEALED_CHARS long. `replaced`: another phone took the seat (the last message).
 */
export type WireScreen =
  | { kind: 'asking' | 'idle' | 'resuming' | 'left' | 'replaced'; sentAt: number; lang: string | null; sealed: string }
  | {
      kind: 'game'
      board: ProjectorView
      story: ShownStory | null
      call: PhoneCallPublic | null
      vote: string | null
      sentAt: number
      lang: string | null
      sealed: string
    }

/** A finished game's story at the page the projector shows: the projector's screen's own two fields. */
export interface ShownStory {
  story: Story
  index: number
}

/** The names a phone may pick from: the game's seated players, or before a game the roster's (public: the projector shows them). */
export interface JoinChoices {
  names: string[]
  lang: string | null
}
