import { presetNames } from '../../shared/role-names'
/**
 * Hand-built views for renderer tests (the renderer never imports the engine). Each builder takes
 * overrides; the defaults are a 6-player MaffiaSIG-like game at night 1.
 */
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
  return {
    id: 'maffiasig',
    name: 'MaffiaSIG',
    base: 'maffiasig',
    names: presetNames('maffiasig'),
    options: {
      firstPhase: 'night0',
      hasInvestigator: true,
      hasDoctor: false,
      nightOrder: ['mafia', 'investigator'],
      killResolution: 'individualShots',
      mafiaMayTargetMafia: true,
      doctorSelfHeal: false,
      investigatorMayRepeat: true,
      callDeadRoles: true,
      readNamesAtShots: true,
      dayProcedure: 'accusation',
      maxNominees: null,
      nomineeDefence: true,
      singleNomineeExecuted: false,
      tieRule: 'noExecution',
      noNominationGoesToNight: false,
      dayMustEndWithDeath: true,
      dayTimeLimit: 1200,
      dayWarning: 120,
      dayTimeoutAction: 'randomDeath',
      defenceTimeLimit: 120,
      lastWords: true,
      revealOnExecution: false,
      revealOnNightDeath: false,
      mafiaWinAtParity: true,
      parityNeedsDeadDoctor: false,
      doctorMafiaDraw: false,
      firstDeadBecomesReferee: false,
      nightOnPhones: false,
      minPlayers: 5,
      maxPlayers: 30,
      recommendedMin: 9,
      recommendedMax: 18,
      ...options,
    },
    ...overrides,
  }
}

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
  return {
    rulesetName: 'MaffiaSIG',
    names: presetNames('maffiasig'),
    phase: 'night',
    dayNumber: 0,
    nightNumber: 1,
    seats: NAMES.map((name, seat) => ({ seat, name, alive: true, role: null })),
    stage: null,
    accused: null,
    nominees: [],
    speaker: null,
    vote: null,
    clock: null,
    announcements: [],
    winner: null,
    ...overrides,
  }
}

export function makeSeats(alive: boolean[] = NAMES.map(() => true), roles: (RoleId | null)[] = ROLES): RefereeSeat[] {
  return NAMES.map((name, seat) => ({ seat, name, alive: alive[seat] ?? true, role: roles[seat] ?? null, revealed: false }))
}

export function makeRefereeView(overrides: Partial<RefereeView> = {}): RefereeView {
  return {
    projector: makeProjectorView(),
    blind: false,
    seats: makeSeats(),
    counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 3 },
    dealMode: 'digital',
    night: {
      number: 1,
      steps: [
        { kind: 'mafia', deadCall: false, identify: false, state: 'current' },
        { kind: 'investigator', deadCall: false, identify: false, state: 'next' },
      ],
      readingOrder: [1, 2, 3, 4, 5, 0],
      shots: [],
      tally: [],
      needed: 2,
      livingMafia: 2,
      target: null,
      investigation: null,
      investigationSkipped: false,
      heal: null,
      outcome: null,
    },
    vote: null,
    investigations: [],
    script: [{ key: 'night.begin', params: { night: 1 } }],
    legal: makeLegal(),
    winner: null,
    undoable: 0,
    lastStep: null,
    answerStyle: 'mafia',
    notes: NAMES.map(() => ''),
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
