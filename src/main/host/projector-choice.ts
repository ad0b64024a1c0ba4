import type { ApiResult, ProjectorChoice, ProjectorScreen, ProjectorShows, SoundSettings } from '../../shared/api'
import type { Standings } from '../../shared/club'
import type { Story } from '../../shared/story'
import type { ProjectorOptions } from '../../shared/views'
import { buildStory, projectorView, type Game } from '../engine'
import type { Club } from './club/club'
import { OK, fail, ok } from './result'

type Held = { kind: 'story'; gameId: string | null; index: number; story: Story } | { kind: 'standings'; standings: Standings }

/**
 * What the projector shows: the game (or the idle screen), or instead, at the referee's choice, a
 * finished game's story at a page or tonight's standings. A story of the open game holds only while
 * that game is over; opening a game, or deleting the game whose story is shown, goes back to the game.
 */
export class ProjectorChoiceState {
  private held: Held | null = null

  constructor(
    private readonly parts: {
      club: Club
      game: () => Game | null
      roster: () => readonly string[]
      options: () => ProjectorOptions
    },
  ) {}

  /** The referee's choice. */
  show(choice: ProjectorChoice): ApiResult {
    if (choice.kind === 'game') {
      this.held = null
      return OK
    }
    if (choice.kind === 'standings') {
      this.held = { kind: 'standings', standings: this.parts.club.tonightStandings(this.parts.roster()) }
      return OK
    }
    const held = this.held
    const game = this.parts.game()
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
    if (this.held?.kind === 'standings') this.held = { kind: 'standings', standings: this.parts.club.tonightStandings(this.parts.roster()) }
  }

  /** For the referee's view: what the projector shows. */
  shows(): ProjectorShows {
    const c = this.active()
    if (!c) return { kind: 'game' }
    return c.kind === 'story' ? { kind: 'story', gameId: c.gameId, index: c.index, pages: c.story.chapters.length + 1 } : { kind: 'standings' }
  }

  /** The projector's screen: built from projectorView(state) alone, never from the referee's view. */
  screen(common: { sentAt: number; lang: string | null; sound: SoundSettings }): ProjectorScreen {
    const c = this.active()
    if (c?.kind === 'story') return { kind: 'story', story: c.story, index: c.index, ...common }
    if (c?.kind === 'standings') return { kind: 'standings', standings: c.standings, ...common }
    const g = this.parts.game()
    return g ? { kind: 'game', view: projectorView(g.state, this.parts.options()), ...common } : { kind: 'idle', ...common }
  }

  /** The choice while it still holds: a story of the open game only while it is over. */
  private active(): Held | null {
    const c = this.held
    if (c?.kind === 'story' && c.gameId === null && this.parts.game()?.state.phase !== 'over') this.held = null
    return this.held
  }
}

/** The story of a game, refused (by the engine) until the game is over. */
export function storyOf(g: Game): ApiResult<Story> {
  const r = buildStory(g)
  return r.ok ? r : fail('game-not-over', r.error.message)
}
