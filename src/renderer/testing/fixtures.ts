/**
 * Views for renderer tests. The renderer's product code never imports the engine, but its tests may
 * (eslint's TEST_FILES): the ruleset is the engine's MaffiaSIG preset and the default views are the
 * engine's own views of a 6-player MaffiaSIG game at night 1 (src/engine/testing's builder), so a new
 * view field needs no line here. Each builder takes overrides.
 */
import { rulesetWith, Scripted } from '../../engine/testing'
import { DEFAULT_ROOM_SETTINGS, type RefereeAppView, type SavedGameSummary } from '../../shared/api'
import { CLOSED_ROOM } from '../../shared/room'
import type { Ruleset } from '../../shared/ruleset'
import type { LegalActions, ProjectorView, RefereeSeat, RefereeView, RoleNames } from '../../shared/views'
import type { RoleId } from '../../shared/roles'
import { SEAT_COMMANDS, SIMPLE_COMMANDS, type SeatCommandType, type SimpleCommandType } from '../../shared/commands'

export const NAMES = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emil', 'Fanni']
export const ROLES: RoleId[] = ['mafia', 'citizen', 'investigator', 'mafia', 'citizen', 'citizen']
export const ROLE_NAMES: RoleNames = { mafia: 'Mafioso', investigator: 'Inspector', doctor: 'Doctor', citizen: 'Citizen' }

export function makeRuleset(overrides: Partial<Ruleset> = {}, options: Partial<Ruleset['options']> = {}): Ruleset {
  return { ...rulesetWith('maffiasig', options), ...overrides }
}

/** The game the default views are read from: MaffiaSIG, the seats of NAMES dealt ROLES, opened at night 1 (its mafia call). */
const opening = (): Scripted => Scripted.of('maffiasig', ROLES, { names: NAMES, options: { firstPhase: 'night' } })

export function makeLegal(overrides: Partial<LegalActions> = {}): LegalActions {
  return {
    ...(Object.fromEntries(SIMPLE_COMMANDS.map((t) => [t, false])) as Record<SimpleCommandType, boolean>),
    ...(Object.fromEntries(Object.keys(SEAT_COMMANDS).map((t) => [t, []])) as unknown as Record<SeatCommandType, number[]>),
    identify: null,
    shoot: {},
    noShot: [],
    skipInvestigation: false,
    endNightStepWhy: null,
    accusers: [],
    closeNominationsExecutes: null,
    castVote: [],
    setVoteCount: false,
    startTimer: false,
    pauseTimer: false,
    addTime: false,
    note: false,
    ...overrides,
  }
}

export function makeProjectorView(overrides: Partial<ProjectorView> = {}): ProjectorView {
  return { ...opening().projector, ...overrides }
}

export function makeSeats(alive: boolean[] = NAMES.map(() => true), roles: (RoleId | null)[] = ROLES): RefereeSeat[] {
  return NAMES.map((name, seat) => ({ seat, name, alive: alive[seat] ?? true, role: roles[seat] ?? null, revealed: false }))
}

/** The engine's referee view of the opening game, with every action off (a test turns on what it needs) and the night's first line only. */
export function makeRefereeView(overrides: Partial<RefereeView> = {}): RefereeView {
  return {
    ...opening().referee,
    script: [{ key: 'night.begin', params: { night: 1 } }],
    legal: makeLegal(),
    ...overrides,
  }
}

export function makeAppView(overrides: Partial<RefereeAppView> = {}): RefereeAppView {
  return {
    screen: 'setup',
    presets: [
      makeRuleset(),
      makeRuleset({ id: 'swedish', name: 'Swedish', base: 'swedish' }, { firstPhase: 'night', hasDoctor: true, dayProcedure: 'nomination' }),
    ],
    customRulesets: [],
    roster: [...NAMES],
    resumable: null,
    game: null,
    log: [],
    logTotal: overrides.log?.length ?? 0,
    notices: [],
    language: 'en',
    projectorLanguage: null,
    sentAt: Date.now(),
    projectorFullscreen: false,
    projectorShows: { kind: 'game' },
    room: structuredClone(DEFAULT_ROOM_SETTINGS),
    lan: structuredClone(CLOSED_ROOM),
    ...overrides,
  }
}

export function makeSummary(overrides: Partial<SavedGameSummary> = {}): SavedGameSummary {
  return {
    id: 'g1',
    rulesetName: 'MaffiaSIG',
    players: [...NAMES],
    phase: 'day',
    dayNumber: 2,
    savedAt: '2026-11-28T20:15:00.000Z',
    winner: null,
    ...overrides,
  }
}
