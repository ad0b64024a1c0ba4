import { ROLE_IDS, type RoleId } from '../../shared/roles'
import type { RulesLine, RulesPageLines } from '../../shared/rules-text'
import { answerStyleOf } from '../../shared/answer-style'
import type { Ruleset } from '../../shared/ruleset'

/**
 * How a ruleset plays, for the room (the projector between games, the printed rules page): four
 * pages of line ids under `rules.` in the rules locale area, each line chosen from the ruleset's
 * options (a changed option changes the words). No words here: each is a line whose role parameters
 * (`{mafia}`, `{investigator}`, `{doctor}`, `{citizen}`) are role ids, and src/shared/rules-text.ts
 * puts them in a language with lineText, naming the roles as the ruleset does in that language. What a line says follows
 * the engine's own reading of the option (day.ts, night.ts, timers.ts, queries.ts).
 */
export function rulesSheet(r: Ruleset): RulesPageLines[] {
  return [teams(r), night(r), day(r), deaths(r)]
}

/** Every role as a parameter by its id, for the words to name it (`{mafia}`, `{doctor}`, …). */
const ROLES: Readonly<Record<RoleId, RoleId>> = Object.fromEntries(ROLE_IDS.map((r) => [r, r])) as Record<RoleId, RoleId>

const line = (key: string, params: RulesLine['params'] = {}, label?: RulesLine['label']): RulesLine => ({
  key,
  params: { ...ROLES, ...params },
  ...(label ? { label } : {}),
})

/** A time limit in seconds as a parameter: whole minutes where it is, else seconds ("2 minutes", "90 seconds"). */
function time(seconds: number): RulesLine['params'] {
  const [key, n] = seconds % 60 === 0 ? ['rules.minutes', seconds / 60] : ['rules.seconds', seconds]
  return { time: { line: { key, params: { n }, count: n } } }
}

function teams(r: Ruleset): RulesPageLines {
  const o = r.options
  const mafiaWin = !o.mafiaWinAtParity ? 'outnumber' : o.parityNeedsDeadDoctor && o.hasDoctor ? 'parityNoDoctor' : 'parity'
  const town = o.hasInvestigator && o.hasDoctor ? 'both' : o.hasInvestigator ? 'investigator' : o.hasDoctor ? 'doctor' : 'plain'
  const lines = [line(`rules.teams.mafia.${mafiaWin}`, {}, { team: 'mafia' }), line(`rules.teams.town.${town}`, {}, { team: 'town' })]
  if (o.doctorMafiaDraw && o.hasDoctor) lines.push(line('rules.teams.draw', {}, { line: { key: 'rules.label.draw', params: {} } }))
  lines.push(line(`rules.teams.players`, { min: o.recommendedMin, max: o.recommendedMax }))
  return { heading: 'rules.pages.teams', lines }
}

function night(r: Ruleset): RulesPageLines {
  const o = r.options
  const lines: RulesLine[] = [line(`rules.night.first.${o.firstPhase}`)]
  const present = (role: RoleId): boolean => (role === 'investigator' ? o.hasInvestigator : role === 'doctor' ? o.hasDoctor : true)
  for (const call of o.nightOrder.filter(present)) {
    const label = { role: call }
    if (call === 'mafia') {
      const how = o.killResolution === 'groupTarget' ? 'group' : o.readNamesAtShots ? 'shotsNames' : 'shots'
      lines.push(line(`rules.night.mafia.${how}.${o.mafiaMayTargetMafia ? 'any' : 'notMafia'}`, {}, label))
    }
    if (call === 'investigator') lines.push(line(`rules.night.investigator.${answerStyleOf(r)}${o.investigatorMayRepeat ? '' : 'Once'}`, {}, label))
    if (call === 'doctor') lines.push(line(`rules.night.doctor.${o.doctorSelfHeal ? 'selfHeal' : 'notSelf'}`, {}, label))
  }
  lines.push(line('rules.night.citizen', {}, { role: 'citizen' }))
  if (o.callDeadRoles && (o.hasInvestigator || o.hasDoctor)) lines.push(line('rules.night.callDead'))
  return { heading: 'rules.pages.night', lines }
}

function day(r: Ruleset): RulesPageLines {
  const o = r.options
  const lines: RulesLine[] = []
  const defence = o.defenceTimeLimit === null ? {} : time(o.defenceTimeLimit)
  const limited = o.defenceTimeLimit === null ? '' : 'Limited'
  if (o.dayProcedure === 'accusation') {
    lines.push(line('rules.day.accusation.accuse'), line('rules.day.accusation.guilty'))
    lines.push(line(`rules.day.accusation.defence${limited}`, defence), line('rules.day.accusation.execute'))
    lines.push(line('rules.day.accusation.again'))
  } else {
    lines.push(o.maxNominees === null ? line('rules.day.nomination.any') : line('rules.day.nomination.max', { max: o.maxNominees }))
    lines.push(line(o.noNominationGoesToNight ? 'rules.day.nomination.noneNight' : 'rules.day.nomination.atLeastOne'))
    if (o.singleNomineeExecuted) lines.push(line('rules.day.nomination.lone'))
    if (o.nomineeDefence) lines.push(line(`rules.day.nomination.defence${limited}`, defence))
    lines.push(line('rules.day.nomination.vote'))
    lines.push(line(`rules.day.tie.${o.tieRule}`))
  }
  lines.push(line(o.dayMustEndWithDeath ? 'rules.day.endsWithDeath' : 'rules.day.mayEndWithout'))
  const closes = o.dayTimeoutAction === 'closeNominations' && o.dayProcedure === 'nomination'
  if (o.dayTimeLimit === null || (o.dayTimeoutAction !== 'randomDeath' && !closes))
    lines.push(line(o.dayTimeLimit === null ? 'rules.day.noLimit' : 'rules.day.limit', o.dayTimeLimit === null ? {} : time(o.dayTimeLimit)))
  else {
    const action = o.dayTimeoutAction === 'randomDeath' ? (o.lastWords ? 'randomDeathLastWords' : 'randomDeath') : 'closeNominations'
    lines.push(line(`rules.day.timeout.${action}`, time(o.dayTimeLimit)))
  }
  return { heading: 'rules.pages.day', lines }
}

function deaths(r: Ruleset): RulesPageLines {
  const o = r.options
  const lines: RulesLine[] = [
    line('rules.deaths.morning'),
    line(`rules.deaths.day.${o.revealOnExecution ? 'shown' : 'secret'}`),
    line(`rules.deaths.night.${o.revealOnNightDeath ? 'shown' : 'secret'}`),
    line(o.hasInvestigator ? 'rules.deaths.nothingElseButAnswer' : 'rules.deaths.nothingElse'),
    line('rules.deaths.silent'),
  ]
  if (o.firstDeadBecomesReferee) lines.push(line('rules.deaths.newReferee'))
  lines.push(line('rules.deaths.end'))
  return { heading: 'rules.pages.deaths', lines }
}
