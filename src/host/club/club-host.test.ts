/**
 * The club night through the host: the story exists only once the game is over (never on the
 * projector before), telling it on the projector page by page, saved games listed, opened,
 * exported, deleted and imported, standings on the projector, CSV.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProjectorScreen, RefereeApi, RefereeAppView } from '../../shared/api'
import type { ClubView, SavedGameDetail } from '../../shared/club'
import type { Story } from '../../shared/story'
import { preset } from '../../engine'
import { FakeClock } from '../clock'
import type { GameHost } from '../game-host'
import { READ_ONLY_METHODS, type ReadMethod } from '../methods'
import { createFileHost } from '../index'
import { PLAYERS9, nextCall, perform, seededRandom, tempDir } from '../../../test/support/host'

const hosts: GameHost[] = []
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose()
})

function makeHost(dir = tempDir(), opts: { estimate?: null } = {}) {
  const host = createFileHost(dir, { durable: false, clock: new FakeClock(Date.UTC(2026, 2, 6, 19)), random: seededRandom(7, { identity: true }), ...opts })
  hosts.push(host)
  const projector: ProjectorScreen[] = []
  host.onProjectorScreen((s) => projector.push(s))
  return { host, dir, projector }
}

const value = <T>(r: unknown): T => {
  expect(r).toMatchObject({ ok: true })
  return (r as { value: T }).value
}

/** Play a MaffiaSIG game to its end, checking before every step that no story can exist yet. */
function playToEnd(host: GameHost, projector: ProjectorScreen[]): void {
  value(
    host.invoke('startGame', {
      ruleset: preset('maffiasig'),
      players: [...PLAYERS9],
      counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
      dealMode: 'digital',
    }),
  )
  for (let i = 0; i < 500; i++) {
    const v = host.invoke('ready') as { ok: true; value: RefereeAppView }
    const call = nextCall(v.value)
    if (!call) break
    expect(host.invoke('currentStory')).toMatchObject({ ok: false, error: { code: 'game-not-over' } })
    expect(host.invoke('showOnProjector', { kind: 'story', gameId: null, index: 0 })).toMatchObject({ ok: false })
    value(perform(host, call))
  }
  expect(host.refereeAppView().game?.winner).not.toBeNull()
  expect(projector.some((s) => s.kind === 'story')).toBe(false)
}

describe('the club night through the host', () => {
  it('the story of the open game: refused before the end, told on the projector after it, gone on undo', () => {
    const { host, projector } = makeHost()
    playToEnd(host, projector)
    const story = value<Story>(host.invoke('currentStory'))
    expect(story.players).toEqual(PLAYERS9)
    value(host.invoke('showOnProjector', { kind: 'story', gameId: null, index: 1 }))
    expect(host.projectorScreen()).toMatchObject({ kind: 'story', index: 1 })
    expect(projector.at(-1)).toMatchObject({ kind: 'story', index: 1 })
    expect(host.refereeAppView().projectorShows).toEqual({ kind: 'story', gameId: null, index: 1, pages: story.chapters.length + 1 })
    // Page by page; a page past the end shows the end.
    value(host.invoke('showOnProjector', { kind: 'story', gameId: null, index: 999 }))
    expect(host.projectorScreen()).toMatchObject({ kind: 'story', index: story.chapters.length })
    // Undo the last step: the game can be played again, so its story leaves the projector at once.
    value(host.invoke('undo'))
    expect(host.projectorScreen().kind).toBe('game')
    expect(projector.at(-1)?.kind).toBe('game')
    expect(host.refereeAppView().projectorShows).toEqual({ kind: 'game' })
  })

  it('saved games: the finished game is listed, opened with its story, exported, told, and deleted', () => {
    const { host, projector } = makeHost()
    playToEnd(host, projector)
    value(host.invoke('closeGame'))
    const club = value<ClubView>(host.invoke('clubView'))
    expect(club.games).toHaveLength(1)
    expect(club.games[0]!.players).toEqual(PLAYERS9)
    expect(club.tonight.games).toBe(1)
    expect(club.tonight.players).toHaveLength(9)
    const id = club.games[0]!.id
    const detail = value<SavedGameDetail>(host.invoke('openSavedGame', id))
    expect(detail.file.players).toEqual(PLAYERS9)
    expect(detail.story?.winner).toBe(club.games[0]!.winner)
    value(host.invoke('showOnProjector', { kind: 'story', gameId: id, index: 0 }))
    expect(projector.at(-1)).toMatchObject({ kind: 'story', index: 0 })
    value(host.invoke('deleteSavedGame', id))
    expect(host.projectorScreen().kind).toBe('idle')
    expect(value<ClubView>(host.invoke('clubView')).games).toEqual([])
    expect(host.invoke('openSavedGame', id)).toMatchObject({ ok: false, error: { code: 'not-found' } })
  })

  it('standings on the projector; a new game takes the projector back; CSV; a new night starts from zero', () => {
    const { host, projector } = makeHost()
    playToEnd(host, projector)
    value(host.invoke('closeGame'))
    value(host.invoke('showOnProjector', { kind: 'standings' }))
    const shown = projector.at(-1)
    expect(shown?.kind).toBe('standings')
    if (shown?.kind === 'standings') expect(shown.standings.games).toBe(1)
    const csv = value<string>(host.invoke('clubCsv', 'tonight'))
    expect(csv.split('\r\n')[0]).toBe('player,games,wins,town wins,mafia wins,survived,executed')
    expect(value<string>(host.invoke('clubCsv', 'history')).trimEnd().split('\r\n')).toHaveLength(1 + PLAYERS9.length)
    value(host.invoke('newClubNight'))
    const after = projector.at(-1)
    expect(after?.kind === 'standings' && after.standings.games).toBe(0)
    value(
      host.invoke('startGame', {
        ruleset: preset('maffiasig'),
        players: [...PLAYERS9],
        counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 },
        dealMode: 'digital',
      }),
    )
    expect(projector.at(-1)?.kind).toBe('game')
  })

  it("the season's standings on the projector: from its first day, kept through a new night, rebuilt when the season's start moves", () => {
    const { host, projector } = makeHost()
    playToEnd(host, projector)
    value(host.invoke('closeGame'))
    value(host.invoke('showOnProjector', { kind: 'standings', period: 'season' }))
    const season = projector.at(-1)
    expect(season).toMatchObject({ kind: 'standings', period: 'season', since: '2026-03-06' })
    if (season?.kind === 'standings') expect(season.standings.games).toBe(1)
    expect(value<RefereeAppView>(host.invoke('ready')).projectorShows).toEqual({ kind: 'standings', period: 'season' })
    // A new night empties tonight's standings, not the season's.
    value(host.invoke('newClubNight'))
    const after = projector.at(-1)
    expect(after?.kind === 'standings' && [after.period, after.standings.games]).toEqual(['season', 1])
    // A season that begins after the game counts none of it; the shown table follows.
    value(host.invoke('setSeasonStart', '2026-03-07'))
    const later = projector.at(-1)
    expect(later?.kind === 'standings' && [later.since, later.standings.games]).toEqual(['2026-03-07', 0])
    // Tonight's, when asked for, and a period that does not exist is refused at the boundary.
    value(host.invoke('showOnProjector', { kind: 'standings' }))
    expect(projector.at(-1)).toMatchObject({ kind: 'standings', period: 'tonight', since: null })
    expect(host.invoke('showOnProjector', { kind: 'standings', period: 'forever' as never })).toMatchObject({ ok: false })
  })

  it('import: an example game file is saved and listed; a bad one is refused and saves nothing', async () => {
    const { host } = makeHost()
    const text = readFileSync(join(__dirname, '../../../examples/maffiasig-12.json'), 'utf8')
    const rec = value<{ id: string; players: string[] }>(await host.invoke('importGame', text))
    expect(rec.players).toHaveLength(12)
    expect(value<ClubView>(host.invoke('clubView')).games.map((g) => g.id)).toEqual([rec.id])
    expect(await host.invoke('importGame', '{"format":"nightfall-game"')).toMatchObject({ ok: false, error: { code: 'bad-file' } })
    expect(await host.invoke('importGame', 42 as unknown as string)).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
    expect(value<ClubView>(host.invoke('clubView')).games).toHaveLength(1)
    expect(host.invoke('openSavedGame', '../../etc/passwd')).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } })
  })

  it('a read pushes nothing: every read-only method of the method table, clubView finding a damaged file included', async () => {
    const { host, dir, projector } = makeHost(tempDir(), { estimate: null }) // no worker thread: estimate answers 'unavailable'
    const referee: RefereeAppView[] = []
    host.onRefereeView((v) => referee.push(v))
    playToEnd(host, projector)
    value(host.invoke('closeGame'))
    const id = value<ClubView>(host.invoke('clubView')).games[0]!.id
    playToEnd(host, projector)
    writeFileSync(join(dir, 'games', '2026-01-01T20-00-00Z-bad000.json'), 'not a game file')
    const deck = { kind: 'deck', paper: 'a4', backs: false, locale: 'en' } as const
    // One call per read; the compiler asks for a row here when the table gains a read.
    const reads: { [K in ReadMethod]: Parameters<RefereeApi[K]> } = {
      ready: [],
      checkSetup: [preset('maffiasig'), [...PLAYERS9]],
      exportGame: [],
      revealRole: [0],
      estimate: [{ ruleset: preset('maffiasig'), players: 9, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 6 }, policy: 'random', games: 10 }],
      cardsPayload: [{ ...deck, kind: 'personal' }],
      printCards: [deck, 'pdf'],
      logLines: [0, 5],
      clubView: [],
      openSavedGame: [id],
      currentStory: [],
      clubCsv: ['tonight'],
      personalLink: [0],
    }
    expect(Object.keys(reads).sort()).toEqual([...READ_ONLY_METHODS].sort())
    const pushes = [referee.length, projector.length]
    const answers = []
    for (const [m, args] of Object.entries(reads)) answers.push([m, await host.call(m, args)])
    expect(answers.filter(([, r]) => !(r as { ok: boolean }).ok).map(([m]) => m)).toEqual(['estimate', 'printCards', 'personalLink']) // no estimator, no printer, no room here
    expect([referee.length, projector.length]).toEqual(pushes)
    // The damaged file clubView set aside is told with the next view.
    expect(
      host
        .refereeAppView()
        .notices.map((n) => n.message)
        .join(' '),
    ).toMatch(/bad000\.json was damaged/)
  })
})
