import type { Game } from '../engine'
import { projectorView, refereeView } from '../engine'
import type { GameFile } from '../shared/game-file'
import type { AnswerStyle, ProjectorView, RefereeView } from '../shared/views'
import type { Io } from './command'
import type { Language } from '../shared/languages'
import { table } from './format'
import { cliText } from './i18n'
import { roleName, rulesetName, teamName } from '../shared/role-names'
import type { RulesetNames } from '../shared/ruleset'
import { answerStyleOf } from '../shared/answer-style'
import type { Winner } from '../shared/roles'
import type { RoleId } from '../shared/roles'
import { seatName } from '../shared/seat-name'
import { listOf, nightName } from '../shared/phrasing'
import { translate, wordsIn } from '../shared/messages'
import { announcementText } from '../shared/text/room'
import { scriptText } from '../shared/text/script'

/**
 * `replay`'s human output: where a replayed game stands, as the projector shows it (public facts
 * only, built from the projector view alone), as the referee sees it, or both side by side — every
 * word in `lang` (the CLI's own words: the `cli` area of the locale files).
 */
export type ReplayView = 'projector' | 'referee' | 'both'
export const REPLAY_VIEWS: readonly ReplayView[] = ['projector', 'referee', 'both']

type Say = ((key: string, params?: Record<string, string | number>) => string) & { lang: Language; night: (n: number) => string }
const sayIn = (lang: Language): Say =>
  Object.assign((key: string, params: Record<string, string | number> = {}) => cliText(lang, `replay.${key}`, params), {
    lang,
    night: (n: number) => nightName((key, params) => translate(lang, key, params), n),
  })

export function printGame(io: Io, g: Game, file: GameFile, path: string, view: ReplayView, lang: Language = 'en'): void {
  const p = projectorView(g.state)
  if (view === 'projector') return printProjector(io, g, p, file, path, lang)
  const say = sayIn(lang)
  const s = g.state
  const r = s.setup.ruleset
  const ref = refereeView(s, { undoable: g.log.length, last: g.log.at(-1)?.command ?? null })
  const name = (seat: number) => seatName(s.setup.players, seat)
  const role = (x: RoleId) => roleName(r, x, lang)

  const id = file.id ? ` ${say('id', { id: file.id })}` : ''
  io.out(`${say('header', { ruleset: rulesetName(r.name, lang), players: s.setup.players.length, deal: say(`deal.${s.setup.deal.mode}`), path })}${id}`)
  io.out(say('replayed', { done: g.log.length, total: file.commands.length }))
  io.out('')
  io.out(say('phase', { phase: phaseText(g, say, role) }))
  io.out(say('winner', { winner: winnerWord(p.winner, p.names, lang, say) }))
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
      io.out(`  ${say('investigation', { night: say.night(i.night), name: name(i.target), answer: say(answerWord(answerStyleOf(r), i.isMafia)) })}`)
  }
  if (ref.script.length) {
    io.out('')
    io.out(say('script'))
    for (const l of ref.script) io.out(`  ${scriptText(wordsIn(lang), l, r.names)}`)
  }
}

/** The winner as the ruleset names its team in `lang`, the draw, or none yet. */
function winnerWord(winner: Winner | null, names: RulesetNames, lang: Language, say: Say): string {
  if (winner === null) return say('noWinner')
  return winner === 'draw' ? say('draw') : teamName(names, winner, lang)
}

/** What the room sees: nothing here comes from anywhere but the projector view. */
function printProjector(io: Io, g: Game, p: ProjectorView, file: GameFile, path: string, lang: Language): void {
  const say = sayIn(lang)
  const name = (seat: number) => seatName(p.seats, seat)
  const role = (x: RoleId) => roleName(p, x, lang)
  const id = file.id ? ` ${say('id', { id: file.id })}` : ''
  io.out(say('headerProjector', { ruleset: rulesetName(p.rulesetName, lang), players: p.seats.length, path: `${path}${id}` }))
  io.out(say('replayed', { done: g.log.length, total: file.commands.length }))
  io.out('')
  io.out(say('phase', { phase: publicPhaseText(p, name, say) }))
  io.out(say('winner', { winner: winnerWord(p.winner, p.names, lang, say) }))
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
  const say = sayIn(lang)
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
            candidates: listOf(
              say.lang,
              v.candidates.map((c) => translate(say.lang, 'story.tallyItem', { name: name(c.seat), votes: c.votes })),
              'short',
            ),
            eligible: v.eligible,
          })
        : say('yesNo', { kind: say(`kinds.${v.kind}`), yes: v.yes, needed: v.needed, eligible: v.eligible }),
    )
  const c = p.clock
  if (c)
    out.push(
      say('clock', {
        kind: say(`kinds.${c.kind}`),
        duration: mmss(c.durationMs),
        state: c.expired ? say('ranOut') : c.deadline === null ? say('paused', { left: mmss(c.remainingMs) }) : say('running', { deadline: c.deadline }),
      }),
    )
  return out
}

/** The night so far (referee only). */
function refereeNow(ref: RefereeView, name: (seat: number) => string, say: Say): string[] {
  const n = ref.night
  if (!n) return []
  const parts: string[] = []
  if (n.shots.length)
    parts.push(
      say('shots', {
        shots: listOf(
          say.lang,
          n.shots.map((x) => `${name(x.shooter)} → ${x.target === null ? say('noShot') : name(x.target)}`),
          'short',
        ),
        needed: n.needed,
        living: n.livingMafia,
      }),
    )
  if (n.target !== null) parts.push(say('target', { name: name(n.target) }))
  if (n.investigation) parts.push(say('checked', { name: name(n.investigation.target), answer: say(answerWord(ref.answerStyle, n.investigation.isMafia)) }))
  if (n.investigationSkipped) parts.push(say('notAsked'))
  if (n.heal !== null) parts.push(say('heal', { name: name(n.heal) }))
  parts.push(n.outcome === null ? say('nobodyDies') : say('dies', { name: name(n.outcome) }))
  return [say('soFar', { night: say.night(n.number), parts: listOf(say.lang, parts, 'short') })]
}

/** The investigator's answer as the ruleset signs it (the Swedish text: evil / good): `replay.<word>`. */
const answerWord = (style: AnswerStyle, yes: boolean): string => (style === 'evil' ? (yes ? 'evil' : 'good') : yes ? 'mafia' : 'notMafia')

const mmss = (ms: number): string => {
  const t = Math.ceil(ms / 1000)
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`
}

/** "day 2, vote", then who: joined as the language joins the two (`replay.phaseWith`: ja "、"). */
const withWho = (say: Say, head: string, who: string): string => (who ? say('phaseWith', { phase: head, who }) : head)

function publicPhaseText(p: ProjectorView, name: (seat: number) => string, say: Say): string {
  if (p.phase === 'over') return say('over', { day: p.dayNumber, night: p.nightNumber })
  if (p.phase === 'night') return say.night(p.nightNumber)
  const who =
    p.stage === 'defence' || p.stage === 'lastWords'
      ? p.speaker !== null
        ? say('speaking', { name: name(p.speaker) })
        : ''
      : p.accused !== null
        ? say('accused', { name: name(p.accused) })
        : p.nominees.length
          ? say('nominated', { names: listOf(say.lang, p.nominees.map(name)) })
          : ''
  return withWho(say, p.stage ? say('dayStage', { n: p.dayNumber, stage: say(`stages.${p.stage}`) }) : say('day', { n: p.dayNumber }), who)
}

function phaseText(g: Game, say: Say, role: (r: RoleId) => string): string {
  const s = g.state
  const name = (seat: number | null | undefined) => seatName(s.setup.players, seat, '—')
  if (s.phase === 'over') return say('over', { day: s.dayNumber, night: s.nightNumber })
  if (s.phase === 'night' && s.night) {
    const n = s.night
    const step = n.steps[n.stepIndex]
    return say('nightCall', {
      night: say.night(n.number),
      call: n.stepIndex + 1,
      calls: n.steps.length,
      step: step === undefined ? say('end') : step === 'mafiaMeet' ? say('meet') : role(step),
    })
  }
  const d = s.day
  if (!d) return s.phase
  const extra =
    d.stage === 'vote' && d.vote
      ? say('voteOn', { kind: say(`kinds.${d.vote.kind}`), names: listOf(say.lang, d.vote.candidates.map(name)) })
      : d.stage === 'defence'
        ? say('defenceOf', { name: name(d.accused ?? d.nominees[d.defenceIndex]) })
        : d.stage === 'lastWords'
          ? say('lastWordsOf', { name: name(d.lastWordsBy) })
          : d.nominees.length
            ? say('nominated', { names: listOf(say.lang, d.nominees.map(name)) })
            : ''
  return withWho(say, say('dayStage', { n: d.number, stage: say(`stages.${d.stage}`) }), extra)
}
