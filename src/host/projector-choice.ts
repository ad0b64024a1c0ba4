import type { ApiResult, ProjectorChoice, ProjectorScreen, ProjectorShows, SoundSettings, StandingsPeriod } from '../shared/api'
import type { Standings } from '../shared/club'
import type { Ruleset } from '../shared/ruleset'
import type { Story } from '../shared/story'
import type { ProjectorOptions } from '../shared/views'
import { buildStory, projectorView, type Game } from '../engine'
import type { Club } from './club/club'
import { OK, fail, ok } from './result'
import { rulesFor, rulesPages } from './rules-screen'

type Held =
  | { kind: 'story'; gameId: string | null; index: number; story: Story }
  | { kind: 'standings'; period: StandingsPeriod; standings: Standings; since: string | null }
  | { kind: 'rules'; ruleset: Ruleset; index: number }

/**
 * What the projector shows: the game (or the idle screen), or instead, at the referee's choice, a
 * finished game's story at a page, tonight's or the season's standings, or how a ruleset plays at a page (filled in
 * the projector's language at each push: rules-screen.ts). A story of the open game holds only while
 * that game is over; opening a game, or deleting the game whose story is shown, goes back to the game.
 */
export class ProjectorChoiceState {
  private held: Held | null = null

  constructor(
    private readonly parts: {
      club: Club
      /** The game open (table.ts). */
      table: { readonly game: Game | null }
      /** The roster and the room settings' projector options (library.ts). */
      library: { readonly roster: readonly string[]; readonly projectorOptions: ProjectorOptions }
    },
  ) {}

  /** The referee's choice. */
  show(choice: ProjectorChoice): ApiResult {
    if (choice.kind === 'game') {
      this.held = null
      return OK
    }
    if (choice.kind === 'standings') {
      this.held = this.standings(choice.period ?? 'tonight')
      return OK
    }
    if (choice.kind === 'rules') {
      const ruleset = choice.ruleset ?? this.parts.table.game?.state.setup.ruleset
      if (!ruleset) return fail('no-game', 'No game is open: choose a ruleset to show.')
      this.held = { kind: 'rules', ruleset: structuredClone(ruleset), index: Math.min(choice.index, rulesPages(ruleset) - 1) }
      return OK
    }
    const held = this.held
    const game = this.parts.table.game
    const story =
      held?.kind === 'story' && held.gameId === choice.gameId
        ? ok(held.story)
        : choice.gameId === null
          ? game
            ? storyOf(game)
            : fail('no-game', 'No game is open.')
          : this.parts.club.story(choice.gameId)
    if (!story.ok) return story
    this.held = { kind: 'story', gameId: choice.gameId, index: Math.min(choice.index, story.value.chapters.length), story: story.value }
    return OK
  }

  /** A game was opened (started, resumed, rematched): the projector shows it. */
  gameOpened(): void {
    this.held = null
  }

  /** A saved game was deleted: its story is no longer shown. */
  gameDeleted(id: string): void {
    if (this.held?.kind === 'story' && this.held.gameId === id) this.held = null
  }

  /** The standings changed (a new night, a player's games carried): shown standings are rebuilt. */
  standingsChanged(): void {
    if (this.held?.kind === 'standings') this.held = this.standings(this.held.period)
  }

  private standings(period: StandingsPeriod): Held {
    const roster = this.parts.library.roster
    if (period === 'tonight') return { kind: 'standings', period, standings: this.parts.club.tonightStandings(roster), since: null }
    const { standings, since } = this.parts.club.seasonStandings(roster)
    return { kind: 'standings', period, standings, since }
  }

  /** For the referee's view: what the projector shows. */
  shows(): ProjectorShows {
    const c = this.active()
    if (!c) return { kind: 'game' }
    if (c.kind === 'rules') return { kind: 'rules', index: c.index, pages: rulesPages(c.ruleset) }
    return c.kind === 'story'
      ? { kind: 'story', gameId: c.gameId, index: c.index, pages: c.story.chapters.length + 1 }
      : { kind: 'standings', period: c.period }
  }

  /** The projector's screen: built from projectorView(state) alone, never from the referee's view. */
  screen(common: { sentAt: number; lang: string | null; sound: SoundSettings; roomUrl?: string }): ProjectorScreen {
    const c = this.active()
    if (c?.kind === 'story') return { kind: 'story', story: c.story, index: c.index, ...common }
    if (c?.kind === 'standings') return { kind: 'standings', standings: c.standings, period: c.period, since: c.since, ...common }
    if (c?.kind === 'rules') return { kind: 'rules', rules: rulesFor(c.ruleset, common.lang), index: c.index, ...common }
    const g = this.parts.table.game
    return g ? { kind: 'game', view: projectorView(g.state, this.parts.library.projectorOptions), ...common } : { kind: 'idle', ...common }
  }

  /** The choice while it still holds: a story of the open game only while it is over. */
  private active(): Held | null {
    const c = this.held
    if (c?.kind === 'story' && c.gameId === null && this.parts.table.game?.state.phase !== 'over') this.held = null
    return this.held
  }
}

/** The story of a game, refused (by the engine) until the game is over. */
export function storyOf(g: Game): ApiResult<Story> {
  const r = buildStory(g)
  return r.ok ? r : fail('game-not-over', r.error.message)
}
