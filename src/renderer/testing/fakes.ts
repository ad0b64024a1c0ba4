/** Fake window APIs for renderer tests: every method is a vi.fn answering ok, views are pushed by hand. */
import { vi, type Mock } from 'vitest'
import type { ApiResult, PrintOutcome, ProjectorApi, ProjectorScreen, RefereeApi, RefereeAppView } from '../../shared/api'
import { makeAppView } from './fixtures'

type Mocked<T> = { [K in keyof T]: T[K] extends (...a: infer A) => infer R ? Mock<(...a: A) => R> : T[K] }

export type FakeRefereeApi = Mocked<RefereeApi> & {
  /** Push a view to every subscriber (as the host does after each change). */
  push(view: RefereeAppView): void
  current: RefereeAppView
}

const OK: ApiResult<null> = { ok: true, value: null }

export function fakeRefereeApi(initial: RefereeAppView = makeAppView()): FakeRefereeApi {
  const listeners = new Set<(v: RefereeAppView) => void>()
  const ok = () => vi.fn(async () => OK)
  const api = {
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
    saveRoster: ok(),
    saveRuleset: ok(),
    deleteRuleset: ok(),
    checkSetup: vi.fn(async () => ({
      ok: true as const,
      value: { suggested: { mafia: 2, investigator: 1, doctor: 0, citizen: 3 }, problems: [], warnings: [] },
    })),
    startGame: ok(),
    rematch: ok(),
    resumeGame: ok(),
    discardSavedGame: ok(),
    closeGame: ok(),
    revealRole: vi.fn(async () => ({ ok: true as const, value: 'citizen' as const })),
    exportGame: vi.fn(async () => ({ ok: false as const, error: { code: 'no-game', message: 'No game.' } })),
    dismissNotice: ok(),
    estimate: vi.fn(async () => ({
      ok: true as const,
      value: { games: 2000, town: 0.48, mafia: 0.5, draw: 0.02, townCi: 0.022, mafiaCi: 0.022, drawCi: 0.006, meanDays: 3.4 },
    })),
    toggleProjectorFullscreen: ok(),
    cardsPayload: vi.fn(async () => ({ ok: false as const, error: { code: 'no-game', message: 'No game.' } })),
    printCards: vi.fn(async () => ({ ok: true as const, value: { done: 'printed' as const } as PrintOutcome })),
    identifyRole: ok(),
    setReadingStart: ok(),
    shoot: ok(),
    clearShot: ok(),
    chooseTarget: ok(),
    investigate: ok(),
    heal: ok(),
    endNightStep: ok(),
    accuse: ok(),
    withdrawAccusation: ok(),
    endDefence: ok(),
    nominate: ok(),
    withdrawNomination: ok(),
    closeNominations: ok(),
    castVote: ok(),
    setVoteCount: ok(),
    closeVote: ok(),
    endLastWords: ok(),
    drawRandomDeath: ok(),
    endDay: ok(),
    startTimer: ok(),
    pauseTimer: ok(),
    addTime: ok(),
    undo: ok(),
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
