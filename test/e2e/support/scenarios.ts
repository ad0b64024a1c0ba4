/**
 * Whole games, one per preset, played on a Table. The deal is random (the host shuffles), so the
 * plays are written in terms of roles: "the first living mafioso", "the second citizen"… — the same
 * story unfolds whatever the deal. Each ends with a winner the rules predict.
 */
import { expect } from 'vitest'
import type { RoleId } from '../../../src/shared/roles'
import type { Table } from './table'

/** Names that contain no role word of any preset. */
export const NAMES = ['Anna', 'Bence', 'Csaba', 'Dóra', 'Endre', 'Flóra', 'Gábor', 'Hédi', 'Ilona', 'János', 'Kata', 'László']

export interface ScenarioHooks {
  /** Called at named points; the resume test restarts the server at one of them. */
  checkpoint?: (name: string) => Promise<void>
  /** Take screenshots at night, during a vote and at the end. */
  screenshots?: boolean
}

/** Seats by role as dealt (dead or alive), in seating order. */
function dealt(table: Table): Record<RoleId, number[]> {
  const groups: Record<RoleId, number[]> = { mafia: [], investigator: [], doctor: [], citizen: [] }
  table.model.roles.forEach((role, seat) => groups[role].push(seat))
  return groups
}

/**
 * MaffiaSIG, 12 players (3 mafiosi, 1 inspector, 8 citizens): night 0, accusations with a guilty
 * vote, a defence and an execution vote; a failed accusation; split shots that kill nobody; the
 * inspector's answers; the inspector shot, then called dead; a refused execution and the same
 * player accused again; town wins.
 */
export async function playMaffiaSig(table: Table, hooks: ScenarioHooks = {}): Promise<void> {
  await table.setup({ preset: 'maffiasig', names: NAMES.slice(0, 12), counts: { mafia: 3, investigator: 1, doctor: 0 } })
  const m = table.model
  const {
    mafia: [m1, m2, m3],
    investigator: [inspector],
    citizen: c,
  } = dealt(table) as { mafia: number[]; investigator: number[]; citizen: number[] }
  expect(m.steps).toEqual(['mafiaMeet'])

  // Night 0: the mafia meet; nothing else.
  await table.night({ keyboard: true })
  await hooks.checkpoint?.('day 1')

  // Day 1: a failed accusation, then the first mafioso is found guilty and executed.
  await table.accusation(c[0]!, { accuser: c[1], guilty: { yes: 3 } })
  expect(m.stage).toBe('discussion')
  await table.accuse(m1!, c[2])
  for (const voter of m.vote!.eligible.slice(0, 7)) await table.tapYes(voter)
  await table.tapYes(m.vote!.eligible[6]!) // changes their mind
  if (hooks.screenshots) await table.snap('vote')
  await table.tapYes(m.vote!.eligible[6]!)
  await table.closeVote()
  expect(m.stage).toBe('defence')
  await table.endDefence()
  await table.yesNoVote({ yes: 8 })
  expect(m.alive[m1!]).toBe(false)

  // Night 1: names read from the inspector's seat; the two mafiosi shoot different players (after one
  // shot is corrected), so nobody dies; the inspector finds a mafioso.
  expect(m.nightNumber).toBe(1)
  await table.readingStart(inspector!)
  await table.shoot(m2!, c[5]!)
  await table.clearShot(m2!)
  await table.shoot(m2!, c[3]!)
  await table.shoot(m3!, c[4]!)
  if (hooks.screenshots) await table.snap('night')
  await table.endStep()
  await table.night({ investigate: m2 })
  expect(m.living()).toHaveLength(11)
  await hooks.checkpoint?.('day 2')

  // Day 2: the mafioso the inspector found is executed (votes typed as counts this time).
  await table.accusation(m2!, { guilty: { yes: 6, typed: true }, execute: { yes: 9, typed: true } })

  // Night 2: the last mafioso shoots the inspector, who still points at somebody first.
  await table.night({ shots: [[m3!, inspector!]], investigate: c[0] })
  expect(m.alive[inspector!]).toBe(false)

  // Day 3: an execution refused, the same citizen accused again and executed.
  await table.accusation(c[0]!, { guilty: { yes: 5 }, execute: { yes: 4 } })
  expect(m.stage).toBe('discussion')
  await table.accusation(c[0]!, { guilty: { yes: 5 }, execute: { yes: 5 } })

  // Night 3: a kill; the dead inspector is still called.
  expect(m.steps).toEqual(['mafia', 'investigator'])
  expect(m.isDeadCall('investigator')).toBe(true)
  await table.night({ shots: [[m3!, c[1]!]] })

  // Day 4: the last mafioso is executed: the town wins.
  await table.accusation(m3!, { guilty: { yes: 6 }, execute: { yes: 6 } })
  await table.expectGameOver('town')
  if (hooks.screenshots) await table.snap('over')
}

/**
 * Estonian, 8 players (2 mafia, 1 police officer, 1 doctor, 4 villagers): a saved victim; up to three
 * suspects with defence speeches; a tie and a revote; the executed player's role announced; a lone
 * suspect still voted on; dead police called; a day without suspects; town wins.
 */
export async function playEstonian(table: Table, hooks: ScenarioHooks = {}): Promise<void> {
  await table.setup({ preset: 'estonian', names: NAMES.slice(0, 8), counts: { mafia: 2, investigator: 1, doctor: 1 } })
  const m = table.model
  const {
    mafia: [m1, m2],
    investigator: [police],
    doctor: [doctor],
    citizen: v,
  } = dealt(table) as Record<RoleId, number[]>
  expect(m.steps).toEqual(['mafia', 'investigator', 'doctor'])

  // Night 1: the doctor saves the mafia's victim; the police point at a mafioso.
  await table.chooseTarget(v[0]!)
  if (hooks.screenshots) await table.snap('night')
  await table.night({ investigate: m1, heal: v[0] })
  expect(m.living()).toHaveLength(8)

  // Day 1: two suspects, two defences, a tie, a revote: the mafioso is executed and revealed.
  await table.nominate(m1!)
  await table.nominate(v[1]!)
  await table.closeNominations()
  await table.endDefence()
  await table.endDefence()
  await table.pluralityVote({ [m1!]: 3, [v[1]!]: 3 })
  expect(m.vote?.revote).toBe(true)
  await table.ballot(m.vote!.eligible[0]!, m1!)
  if (hooks.screenshots) await table.snap('vote')
  await table.ballot(m.vote!.eligible[0]!, null)
  await table.pluralityVote({ [m1!]: 5, [v[1]!]: 2 })
  expect(m.revealed[m1!]).toBe(true)
  await hooks.checkpoint?.('night 2')

  // Night 2: the mafia kill the police officer; the doctor heals themself.
  await table.chooseTarget(police!)
  await table.endStep()
  await hooks.checkpoint?.('night 2, police call')
  await table.night({ investigate: v[1], heal: doctor })
  expect(m.alive[police!]).toBe(false)

  // Day 2: a lone suspect is still voted on (counts typed), executed and revealed as a villager.
  await table.nominationDay([v[2]!], { [v[2]!]: 4 }, undefined, { typed: true })
  expect(m.revealed[v[2]!]).toBe(true)

  // Night 3: the dead police are called; a villager dies.
  expect(m.isDeadCall('investigator')).toBe(true)
  await table.night({ target: v[0], heal: v[1] })

  // Day 3: nobody is named: straight to night.
  await table.nominationDay([])
  expect(m.phase).toBe('night')

  // Night 4: the doctor dies.
  await table.night({ target: doctor, heal: v[1] })

  // Day 4: the last mafioso is executed: the town wins.
  await table.nominationDay([m2!, v[1]!], { [m2!]: 2, [v[1]!]: 1 })
  await table.expectGameOver('town')
  if (hooks.screenshots) await table.snap('over')
}

/**
 * Swedish, 9 players (3 mafia, 1 constable, 1 doctor, 4 farmers): the day clock; a lone suspect
 * executed without a vote; a tie and a revote; a saved victim; dead constable called; ends in the
 * Swedish draw (the doctor and one mafioso left).
 */
export async function playSwedish(table: Table, hooks: ScenarioHooks = {}): Promise<void> {
  await table.setup({ preset: 'swedish', names: NAMES.slice(0, 9), counts: { mafia: 3, investigator: 1, doctor: 1 } })
  const m = table.model
  const {
    mafia: [m1, m2, m3],
    investigator: [constable],
    doctor: [doctor],
    citizen: f,
  } = dealt(table) as Record<RoleId, number[]>
  expect(m3).toBeDefined()

  // Night 1: a farmer dies; the doctor healed themself.
  await table.night({ target: f[0], investigate: m1, heal: doctor })
  expect(m.alive[f[0]!]).toBe(false)

  // Day 1: the clock runs; one suspect only: executed without a vote.
  await table.startClock()
  await table.nominationDay([m1!])
  expect(m.alive[m1!]).toBe(false)
  await hooks.checkpoint?.('night 2')

  // Night 2: the constable dies.
  await table.chooseTarget(constable!)
  if (hooks.screenshots) await table.snap('night')
  await table.night({ investigate: m2, heal: f[1] })

  // Day 2: three suspects, a tie, a revote.
  await table.nominationDay([m2!, f[1]!, f[2]!], { [m2!]: 2, [f[1]!]: 2, [f[2]!]: 1 }, { [m2!]: 4, [f[1]!]: 1 })
  expect(m.alive[m2!]).toBe(false)

  // Night 3: the dead constable is called; the doctor saves the victim.
  expect(m.isDeadCall('investigator')).toBe(true)
  await table.night({ target: f[1], heal: f[1] })
  expect(m.living()).toHaveLength(5)

  // Day 3: two suspects, a farmer goes.
  await table.nominate(f[2]!)
  await table.nominate(f[3]!)
  await table.closeNominations()
  await table.ballot(m.vote!.eligible[0]!, f[2]!)
  if (hooks.screenshots) await table.snap('vote')
  await table.pluralityVote({ [f[2]!]: 3, [f[3]!]: 1 })

  // Night 4 and day 4: the doctor and one mafioso are left: a draw.
  await table.night({ target: f[3], heal: doctor })
  await table.nominationDay([f[1]!, m3!], { [f[1]!]: 2, [m3!]: 1 })
  await table.expectGameOver('draw')
  if (hooks.screenshots) await table.snap('over')
}
