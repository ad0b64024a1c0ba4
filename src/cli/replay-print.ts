import type { Game } from '../engine'
import { projectorView, refereeView } from '../engine'
import type { GameFile } from '../shared/game-file'
import type { AnswerStyle, ProjectorView, RefereeView } from '../shared/views'
import type { Io } from './command'
import type { Language } from '../shared/languages'
import { table } from './format'
import { roleName } from '../shared/role-names'
import type { RulesetNames } from '../shared/ruleset'
import { answerStyleOf } from '../shared/answer-style'
import type { Winner } from '../shared/roles'
import type { RoleId } from '../shared/roles'
import { seatName } from '../shared/seat-name'
import { wordsIn } from '../shared/messages'
import { lineText, type Line, type LineParam } from '../shared/text/line'
import { announcementText } from '../shared/text/room'
import { scriptText } from '../shared/text/script'

/**
 * `replay`'s human output: where a replayed game stands, as the projector shows it (public facts
 * only, built from the projector view alone), as the referee sees it, or both side by side — every
 * word in `lang` (the CLI's own words: the `cli` area of the locale files), each line a `Line`
 * (`cli.replay.<key>`, its nights, roles, teams, ruleset and lists typed) put in words by lineText.
 */
export type ReplayView = 'projector' | 'referee' | 'both'
export const REPLAY_VIEWS: readonly ReplayView[] = ['projector', 'referee', 'both']

type Params = Line['params']
/** A replay line in words (`say`), or as a parameter of another (`say.line`); roles and teams named from the game's names. */
type Say = ((key: string, params?: Params) => string) & { line: (key: string, params?: Params) => { line: Line } }
const sayIn = (lang: Language, names: RulesetNames): Say => {
  const words = wordsIn(lang)
  const line = (key: string, params: Params = {}): Line => ({ key: `cli.replay.${key}`, params })
  return Object.assign((key: string, params: Params = {}) => lineText(words, line(key, params), names), {
    line: (key: string, params: Params = {}) => ({ line: line(key, params) }),
  })
}

export function printGame(io: Io, g: Game, file: GameFile, path: string, view: ReplayView, lang: Language = 'en'): void {
  const p = projectorView(g.state)
  if (view === 'projector') return printProjector(io, g, p, file, path, lang)
  const s = g.state
  const r = s.setup.ruleset
  const say = sayIn(lang, r.names)
  const ref = refereeView(s, { undoable: g.log.length, last: g.log.at(-1)?.command ?? null })
  const name = (seat: number) => seatName(s.setup.players, seat)
  const role = (x: RoleId) => roleName(r, x, lang)

  const id = file.id ? ` ${say('id', { id: file.id })}` : ''
  io.out(`${say('header', { ruleset: { ruleset: r.name }, players: s.setup.players.length, deal: say.line(`deal.${s.setup.deal.mode}`), path })}${id}`)
  io.out(say('replayed', { done: g.log.length, total: file.commands.length }))
  io.out('')
  io.out(say('phase', { phase: phaseText(g, say) }))
  io.out(say('winner', { winner: winnerWord(p.winner, say) }))
  io.out('')
  io.out(
    table(
      [say('columns.seat'), say('columns.name'), say('columns.alive'), say('columns.roleReferee'), ...(view === 'both' ? [say('columns.publicRole')] : [])],
      ref.seats.map((seat, i) => [
        String(seat.seat),
        seat.name,
        seat.alive ? say('alive') : say('dead'),
        seat.role ? role(seat.role) : '?',
        ...(view === 'both' ? [p.seats[i]?.role ? role(p.seats[i].role) : '—'] : []),
      ]),
    ),
  )
  const alive = p.seats.filter((x) => x.alive).length
  io.out(say('count', { alive, dead: p.seats.length - alive }))
  for (const line of publicNow(p, name, say)) io.out(line)
  for (const line of refereeNow(ref, name, say)) io.out(line)
  printAnnouncements(io, p, lang)
  if (ref.investigations.length) {
    io.out('')
    io.out(say('investigations'))
    for (const i of ref.investigations)
      io.out(`  ${say('investigation', { night: { night: i.night }, name: name(i.target), answer: say.line(answerWord(answerStyleOf(r), i.isMafia)) })}`)
  }
  if (ref.script.length) {
    io.out('')
    io.out(say('script'))
    for (const l of ref.script) io.out(`  ${scriptText(wordsIn(lang), l, r.names)}`)
  }
}

/** The winner as the ruleset names its team, the draw, or none yet. */
function winnerWord(winner: Winner | null, say: Say): LineParam {
  if (winner === null) return say.line('noWinner')
  return winner === 'draw' ? say.line('draw') : { team: winner }
}

/** What the room sees: nothing here comes from anywhere but the projector view. */
function printProjector(io: Io, g: Game, p: ProjectorView, file: GameFile, path: string, lang: Language): void {
  const say = sayIn(lang, p.names)
  const name = (seat: number) => seatName(p.seats, seat)
  const role = (x: RoleId) => roleName(p, x, lang)
  const id = file.id ? ` ${say('id', { id: file.id })}` : ''
  io.out(say('headerProjector', { ruleset: { ruleset: p.rulesetName }, players: p.seats.length, path: `${path}${id}` }))
  io.out(say('replayed', { done: g.log.length, total: file.commands.length }))
  io.out('')
  io.out(say('phase', { phase: publicPhaseText(p, name, say) }))
  io.out(say('winner', { winner: winnerWord(p.winner, say) }))
  io.out('')
  io.out(
    table(
      [say('columns.seat'), say('columns.name'), say('columns.alive'), say('columns.role')],
      p.seats.map((s) => [String(s.seat), s.name, s.alive ? say('alive') : say('dead'), s.role ? role(s.role) : '—']),
    ),
  )
  const alive = p.seats.filter((x) => x.alive).length
  io.out(say('count', { alive, dead: p.seats.length - alive }))
  for (const line of publicNow(p, name, say)) io.out(line)
  printAnnouncements(io, p, lang)
}

/** The room's announcements, as the projector shows them (src/shared/text). */
function printAnnouncements(io: Io, p: ProjectorView, lang: Language): void {
  const say = sayIn(lang, p.names)
  const text = announcementText(wordsIn(lang))
  io.out('')
  io.out(say('announcements'))
  if (!p.announcements.length) io.out(`  ${say('none')}`)
  for (const a of p.announcements) io.out(`  ${text(a, p.seats, p.names)}`)
}

/** The open vote and the clock, as shown in the room. */
function publicNow(p: ProjectorView, name: (seat: number) => string, say: Say): string[] {
  const out: string[] = []
  const v = p.vote
  if (v)
    out.push(
      v.kind === 'plurality'
        ? say(v.revote ? 'revote' : 'vote', {
            candidates: {
              list: v.candidates.map((c) => ({ line: { key: 'story.tallyItem', params: { name: name(c.seat), votes: c.votes } } })),
              style: 'short',
            },
            eligible: v.eligible,
          })
        : say('yesNo', { kind: say.line(`kinds.${v.kind}`), yes: v.yes, needed: v.needed, eligible: v.eligible }),
    )
  const c = p.clock
  if (c)
    out.push(
      say('clock', {
        kind: say.line(`kinds.${c.kind}`),
        duration: mmss(c.durationMs),
        state: c.expired
          ? say.line('ranOut')
          : c.deadline === null
            ? say.line('paused', { left: mmss(c.remainingMs) })
            : say.line('running', { deadline: c.deadline }),
      }),
    )
  return out
}

/** The night so far (referee only). */
function refereeNow(ref: RefereeView, name: (seat: number) => string, say: Say): string[] {
  const n = ref.night
  if (!n) return []
  const parts: LineParam[] = []
  if (n.shots.length)
    parts.push(
      say.line('shots', {
        shots: { list: n.shots.map((x) => `${name(x.shooter)} → ${x.target === null ? say('noShot') : name(x.target)}`), style: 'short' },
        needed: n.needed,
        living: n.livingMafia,
      }),
    )
  if (n.target !== null) parts.push(say.line('target', { name: name(n.target) }))
  if (n.investigation)
    parts.push(say.line('checked', { name: name(n.investigation.target), answer: say.line(answerWord(ref.answerStyle, n.investigation.isMafia)) }))
  if (n.investigationSkipped) parts.push(say.line('notAsked'))
  if (n.heal !== null) parts.push(say.line('heal', { name: name(n.heal) }))
  parts.push(n.outcome === null ? say.line('nobodyDies') : say.line('dies', { name: name(n.outcome) }))
  return [say('soFar', { night: { night: n.number }, parts: { list: parts, style: 'short' } })]
}

/** The investigator's answer as the ruleset signs it (the Swedish text: evil / good): `replay.<word>`. */
const answerWord = (style: AnswerStyle, yes: boolean): string => (style === 'evil' ? (yes ? 'evil' : 'good') : yes ? 'mafia' : 'notMafia')

const mmss = (ms: number): string => {
  const t = Math.ceil(ms / 1000)
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`
}

/** "day 2, vote", then who: joined as the language joins the two (`replay.phaseWith`: ja "、"). */
const withWho = (say: Say, head: LineParam, who: LineParam | null): LineParam => (who ? say.line('phaseWith', { phase: head, who }) : head)

/** `over`'s night is its number as it is (a number under `night` would be named: "Night 3"). */
function publicPhaseText(p: ProjectorView, name: (seat: number) => string, say: Say): LineParam {
  if (p.phase === 'over') return say.line('over', { day: p.dayNumber, night: String(p.nightNumber) })
  if (p.phase === 'night') return { night: p.nightNumber }
  const who =
    p.stage === 'defence' || p.stage === 'lastWords'
      ? p.speaker !== null
        ? say.line('speaking', { name: name(p.speaker) })
        : null
      : p.accused !== null
        ? say.line('accused', { name: name(p.accused) })
        : p.nominees.length
          ? say.line('nominated', { names: { list: p.nominees.map(name) } })
          : null
  return withWho(say, p.stage ? say.line('dayStage', { n: p.dayNumber, stage: say.line(`stages.${p.stage}`) }) : say.line('day', { n: p.dayNumber }), who)
}

function phaseText(g: Game, say: Say): LineParam {
  const s = g.state
  const name = (seat: number | null | undefined) => seatName(s.setup.players, seat, '—')
  if (s.phase === 'over') return say.line('over', { day: s.dayNumber, night: String(s.nightNumber) })
  if (s.phase === 'night' && s.night) {
    const n = s.night
    const step = n.steps[n.stepIndex]
    return say.line('nightCall', {
      night: { night: n.number },
      call: n.stepIndex + 1,
      calls: n.steps.length,
      step: step === undefined ? say.line('end') : step === 'mafiaMeet' ? say.line('meet') : { role: step },
    })
  }
  const d = s.day
  if (!d) return s.phase
  const extra =
    d.stage === 'vote' && d.vote
      ? say.line('voteOn', { kind: say.line(`kinds.${d.vote.kind}`), names: { list: d.vote.candidates.map(name) } })
      : d.stage === 'defence'
        ? say.line('defenceOf', { name: name(d.accused ?? d.nominees[d.defenceIndex]) })
        : d.stage === 'lastWords'
          ? say.line('lastWordsOf', { name: name(d.lastWordsBy) })
          : d.nominees.length
            ? say.line('nominated', { names: { list: d.nominees.map(name) } })
            : null
  return withWho(say, say.line('dayStage', { n: d.number, stage: say.line(`stages.${d.stage}`) }), extra)
}
