/** Fake window APIs for renderer tests: every method is a vi.fn answering ok, views are pushed by hand. */
import { vi, type Mock } from 'vitest'
import {
  REFEREE_METHODS,
  type ApiResult,
  type PrintOutcome,
  type ProjectorApi,
  type ProjectorScreen,
  type RefereeApi,
  type RefereeAppView,
  type RefereeMethod,
} from '../../shared/api'
import type { RefereeCommand } from '../../shared/commands'
import { makeAppView } from './fixtures'
import type { ClubView, Standings } from '../../shared/club'

type Mocked<T> = { [K in keyof T]: T[K] extends (...a: infer A) => infer R ? Mock<(...a: A) => R> : T[K] }

export type FakeRefereeApi = Mocked<RefereeApi> & {
  /** Push a view to every subscriber (as the host does after each change). */
  push(view: RefereeAppView): void
  current: RefereeAppView
  /** The game actions of one type sent through play(), oldest first. */
  played<T extends RefereeCommand['type']>(type: T): Extract<RefereeCommand, { type: T }>[]
}

const OK: ApiResult<null> = { ok: true, value: null }
const NO_STANDINGS: Standings = { games: 0, teamWins: { town: 0, mafia: 0, draw: 0 }, players: [] }

/** What the fakes answer where `ok` is not enough (every other method answers ok with null). */
const ANSWERS: Partial<Record<RefereeMethod, () => Promise<ApiResult<unknown>>>> = {
  checkSetup: async () => ({
    ok: true,
    value: { suggested: { mafia: 2, investigator: 1, doctor: 0, citizen: 3 }, problems: [], warnings: [], problemLines: [], warningLines: [] },
  }),
  revealRole: async () => ({ ok: true, value: 'citizen' }),
  exportGame: async () => ({ ok: false, error: { code: 'no-game', message: 'No game.' } }),
  cardsPayload: async () => ({ ok: false, error: { code: 'no-game', message: 'No game.' } }),
  printCards: async () => ({ ok: true, value: { done: 'printed' } as PrintOutcome }),
  // An empty club (no saved games): what a fresh data folder answers.
  setSeasonStart: async () => ({ ok: true, value: null }),
  clubView: async () => ({
    ok: true,
    value: {
      games: [],
      tonight: NO_STANDINGS,
      season: NO_STANDINGS,
      seasonStart: null,
      seasonSince: null,
      allTime: NO_STANDINGS,
      newNightAt: null,
    } satisfies ClubView,
  }),
  estimate: async () => ({
    ok: true,
    value: { games: 2000, town: 0.48, mafia: 0.5, draw: 0.02, townCi: 0.022, mafiaCi: 0.022, drawCi: 0.006, meanDays: 3.4 },
  }),
}

export function fakeRefereeApi(initial: RefereeAppView = makeAppView()): FakeRefereeApi {
  const listeners = new Set<(v: RefereeAppView) => void>()
  const methods: Record<string, Mock> = {}
  for (const m of REFEREE_METHODS) methods[m] = vi.fn(ANSWERS[m] ?? (async () => OK))
  const api = {
    ...methods,
    current: initial,
    push(view: RefereeAppView) {
      api.current = view
      for (const l of listeners) l(view)
    },
    onView: vi.fn((cb: (v: RefereeAppView) => void) => {
      listeners.add(cb)
      return () => listeners.delete(cb)
    }),
    ready: vi.fn(async () => api.current),
    played: (type: string) => methods.play!.mock.calls.map(([c]) => c as RefereeCommand).filter((c) => c.type === type),
  }
  return api as unknown as FakeRefereeApi
}

export type FakeProjectorApi = Mocked<ProjectorApi> & { push(screen: ProjectorScreen): void }

export function fakeProjectorApi(): FakeProjectorApi {
  const listeners = new Set<(s: ProjectorScreen) => void>()
  const api = {
    push(screen: ProjectorScreen) {
      for (const l of listeners) l(screen)
    },
    onView: vi.fn((cb: (s: ProjectorScreen) => void) => {
      listeners.add(cb)
      return () => listeners.delete(cb)
    }),
    ready: vi.fn(),
  }
  return api as unknown as FakeProjectorApi
}
