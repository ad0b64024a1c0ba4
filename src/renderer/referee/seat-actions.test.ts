import { describe, expect, it } from 'vitest'
import { localeMessages } from '../../../test/support/locales'
import { refereeCommandSchema, SEAT_COMMANDS } from '../../shared/commands'
import { LANGUAGE_IDS } from '../../shared/languages'
import { makeLegal } from '../testing/fixtures'
import { PLAIN_SEAT_COMMANDS, seatActions, seatCommand } from './seat-actions'

/** Plain seat actions whose words are still to be written (none: the check below keeps it so). */
const PENDING: readonly string[] = []

describe('the plain seat actions (DayPanel)', () => {
  it('are the one-seat commands without a panel of their own: fouls, not the night calls, accusations or nominations', () => {
    expect(PLAIN_SEAT_COMMANDS).toContain('foul')
    for (const own of ['chooseTarget', 'investigate', 'heal', 'setReadingStart', 'accuse', 'nominate', 'withdrawNomination'])
      expect(PLAIN_SEAT_COMMANDS).not.toContain(own)
  })

  it('each one is a whole command with its seat in its own field (nothing else to choose)', () => {
    for (const type of PLAIN_SEAT_COMMANDS) {
      const c = seatCommand(type, 3)
      expect(c).toEqual({ type, [SEAT_COMMANDS[type]]: 3 })
      expect(refereeCommandSchema.safeParse(c).success, type).toBe(true)
    }
  })

  it('offers the ones whose legal list names seats, with those seats', () => {
    expect(seatActions(makeLegal())).toEqual([])
    expect(seatActions(makeLegal({ foul: [0, 2], accuse: [1] }))).toEqual([{ type: 'foul', seats: [0, 2] }])
  })

  it('each has its words, day.<command>, in every language', () => {
    const pending = PLAIN_SEAT_COMMANDS.filter((c) => PENDING.includes(c))
    if (pending.length) console.log(`[seat-actions] words still to add (game.json, day.<command>): ${pending.join(', ')}`)
    for (const lang of LANGUAGE_IDS) {
      const m = localeMessages(lang)
      for (const c of PLAIN_SEAT_COMMANDS) if (!PENDING.includes(c)) expect(m[`day.${c}`], `${lang}: day.${c}`).toBeTruthy()
      // A pending word is really missing (the list cannot outlive the words).
      for (const c of pending) expect(m[`day.${c}`], `${lang}: day.${c} is there: take it off PENDING`).toBeUndefined()
    }
  })
})
