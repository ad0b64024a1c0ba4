import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeAppView, makeRuleset } from '../../testing/fixtures'
import { connectedReferee } from '../../testing/mount'
import { useRevealStore } from './useRevealStore'
import { namesFromText, rulesetIdFor, useSetupStore } from './useSetupStore'

async function ready(view = makeAppView()) {
  const { api } = await connectedReferee(view)
  const setup = useSetupStore()
  setup.syncFromView()
  return { api, setup }
}

describe('useSetupStore', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('loads the roster and the first preset from the view', async () => {
    const { setup } = await ready()
    expect(setup.players).toEqual(['Anna', 'Bence', 'Csaba', 'Dóra', 'Emil', 'Fanni'])
    expect(setup.rulesetId).toBe('maffiasig')
    expect(setup.draft?.name).toBe('MaffiaSIG')
  })

  it('saves the roster after every change', async () => {
    const { api, setup } = await ready()
    await setup.addPlayer('  Gábor ')
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Anna', 'Bence', 'Csaba', 'Dóra', 'Emil', 'Fanni', 'Gábor'])
    await setup.renamePlayer(0, 'Anikó')
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Anikó', 'Bence', 'Csaba', 'Dóra', 'Emil', 'Fanni', 'Gábor'])
    await setup.movePlayer(0, 1)
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Bence', 'Anikó', 'Csaba', 'Dóra', 'Emil', 'Fanni', 'Gábor'])
    await setup.removePlayer(6)
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Bence', 'Anikó', 'Csaba', 'Dóra', 'Emil', 'Fanni'])
    expect(await setup.movePlayer(0, -1)).toBe(false)
    expect(await setup.addPlayer('   ')).toBe(false)
    expect(api.saveRoster).toHaveBeenCalledTimes(4)
  })

  it('drags a player to another seat, clears the roster, and adds a pasted list', async () => {
    const { api, setup } = await ready()
    expect(await setup.movePlayerTo(0, 3)).toBe(true)
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Bence', 'Csaba', 'Dóra', 'Anna', 'Emil', 'Fanni'])
    expect(await setup.movePlayerTo(5, 0)).toBe(true)
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Fanni', 'Bence', 'Csaba', 'Dóra', 'Anna', 'Emil'])
    expect(await setup.movePlayerTo(2, 2)).toBe(false)
    expect(await setup.movePlayerTo(2, 6)).toBe(false)
    await setup.clearRoster()
    expect(api.saveRoster).toHaveBeenLastCalledWith([])
    expect(await setup.pasteNames('Gábor\n\n  Hédi  \r\nIlona\n')).toEqual({ added: ['Gábor', 'Hédi', 'Ilona'], skipped: [] })
    expect(api.saveRoster).toHaveBeenLastCalledWith(['Gábor', 'Hédi', 'Ilona'])
    expect(await setup.pasteNames('hédi\nJános')).toEqual({ added: ['János'], skipped: ['hédi'] })
    expect(setup.players).toEqual(['Gábor', 'Hédi', 'Ilona', 'János'])
  })

  it('asks the host for advice and an estimate, debounced, and follows the suggested counts until edited', async () => {
    const { api, setup } = await ready()
    setup.scheduleRefresh()
    setup.setOption('mafiaWinAtParity', false)
    await vi.advanceTimersByTimeAsync(5)
    expect(api.checkSetup).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.checkSetup).toHaveBeenCalled()
    const [ruleset, players, counts] = api.checkSetup.mock.calls[0]!
    expect(ruleset.options.mafiaWinAtParity).toBe(false)
    expect(players).toHaveLength(6)
    expect(counts).toBeUndefined()
    expect(setup.counts).toEqual({ mafia: 2, investigator: 1, doctor: 0 })
    expect(setup.fullCounts.citizen).toBe(3)
    expect(api.estimate).toHaveBeenCalledWith(
      expect.objectContaining({ players: 6, counts: { mafia: 2, investigator: 1, doctor: 0, citizen: 3 }, policy: 'informed', games: 10_000, precision: 0.01 }),
    )
    expect(setup.estimate?.town).toBe(0.48)

    setup.setCount('mafia', 1)
    expect(setup.countsEdited).toBe(true)
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.checkSetup.mock.lastCall?.[2]).toEqual({ mafia: 1, investigator: 1, doctor: 0, citizen: 4 })
    expect(setup.counts.mafia).toBe(1)
    setup.applySuggested()
    expect(setup.counts.mafia).toBe(2)
  })

  it('asks once per edit: taking the suggested counts does not start a second, superseding estimate', async () => {
    const { api, setup } = await ready()
    await setup.addPlayer('Gábor')
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.checkSetup).toHaveBeenCalledTimes(1)
    expect(api.estimate).toHaveBeenCalledTimes(1)
    expect(setup.estimate).not.toBeNull()
    // A real edit after that is asked about again.
    setup.setCount('doctor', 1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(api.checkSetup).toHaveBeenCalledTimes(2)
    expect(api.estimate).toHaveBeenCalledTimes(2)
    expect(api.estimate.mock.lastCall?.[0].counts.doctor).toBe(1)
  })

  it('with counts the referee set, asks for the estimate without waiting for the advice', async () => {
    const { api, setup } = await ready()
    await setup.refreshNow()
    const answer = api.checkSetup.getMockImplementation()
    let release: () => void = () => {}
    api.checkSetup.mockImplementationOnce(async (...args: Parameters<NonNullable<typeof answer>>) => {
      await new Promise<void>((r) => (release = r))
      return answer!(...args)
    })
    api.estimate.mockClear()
    setup.setCount('mafia', 1)
    await vi.advanceTimersByTimeAsync(100)
    expect(api.estimate).toHaveBeenCalledTimes(1)
    expect(api.estimate.mock.lastCall?.[0].counts.mafia).toBe(1)
    expect(setup.estimate?.town).toBe(0.48) // the last figures stay until the advice is in too
    release()
    await vi.advanceTimersByTimeAsync(100)
    expect(api.estimate).toHaveBeenCalledTimes(1)
    expect(setup.estimating).toBe(false)
  })

  it('keeps the estimate’s error instead of crashing', async () => {
    const { api, setup } = await ready()
    api.estimate.mockResolvedValue({ ok: false, error: { code: 'busy', message: 'The estimator is busy.' } })
    await setup.refreshNow()
    expect(setup.estimate).toBeNull()
    expect(setup.estimateError?.message).toBe('The estimator is busy.')
  })

  it('starts a game with the edited ruleset, and opens the private reveal for a digital deal', async () => {
    const { api, setup } = await ready()
    await setup.refreshNow()
    setup.setOption('dayTimeLimit', null)
    expect(await setup.start()).toBe(true)
    const req = api.startGame.mock.calls[0]![0]
    expect(req.ruleset.options.dayTimeLimit).toBeNull()
    expect(req.players).toEqual(setup.players)
    expect(req.counts).toEqual({ mafia: 2, investigator: 1, doctor: 0, citizen: 3 })
    expect(req.dealMode).toBe('digital')
    expect(useRevealStore().active).toBe(true)
  })

  it('shows startGame’s validation errors', async () => {
    const { api, setup } = await ready()
    const error = { code: 'setup-problems', message: 'Too few players. No mafia.', lines: [{ key: 'problem.noMafia', params: {} }] }
    api.startGame.mockResolvedValueOnce({ ok: false, error })
    setup.dealMode = 'physical'
    expect(await setup.start()).toBe(false)
    expect(setup.startError).toEqual(error)
    expect(useRevealStore().active).toBe(false)
  })

  it('saves the draft as a custom ruleset under an id that is not a preset’s', async () => {
    const { api, setup } = await ready()
    setup.draft!.name = 'MaffiaSIG'
    await setup.saveAsCustom()
    expect(api.saveRuleset.mock.calls[0]![0].id).toBe('maffiasig-2')
    expect(setup.rulesetId).toBe('maffiasig-2')
  })

  it('deletes a custom ruleset and falls back to a preset', async () => {
    const custom = makeRuleset({ id: 'club', name: 'Club rules' })
    const { api, setup } = await ready(makeAppView({ customRulesets: [custom] }))
    setup.selectRuleset('club')
    expect(setup.isCustom).toBe(true)
    await setup.deleteCustom()
    expect(api.deleteRuleset).toHaveBeenCalledWith('club')
    expect(setup.rulesetId).toBe('maffiasig')
  })

  it('makes ruleset ids that match the schema', () => {
    expect(rulesetIdFor('Péntek esti szabályok!', [])).toBe('pentek-esti-szabalyok')
    expect(rulesetIdFor('???', [])).toBe('custom')
    expect(rulesetIdFor('Swedish', ['swedish', 'swedish-2'])).toBe('swedish-3')
  })
})

describe('namesFromText', () => {
  it('one name a line: numbering, bullets, blank lines and doubles dropped', () => {
    expect(namesFromText('1. Anna\n2) Bence\n- Csaba\n• Dóra\n\n   \nAnna\nEmil  Kovács\n', ['Fanni'])).toEqual({
      added: ['Anna', 'Bence', 'Csaba', 'Dóra', 'Emil Kovács'],
      skipped: ['Anna'],
    })
    expect(namesFromText('fanni\n', ['Fanni'])).toEqual({ added: [], skipped: ['fanni'] })
    expect(namesFromText('x'.repeat(80), []).added[0]).toHaveLength(60)
    // A name that is a number stays (only "1." / "1)" followed by a name is numbering).
    expect(namesFromText('007\n3 Musketeers', []).added).toEqual(['007', '3 Musketeers'])
  })
  it('a list on one line: commas, semicolons and tabs (a spreadsheet row) split names too', () => {
    expect(namesFromText('Mari, Jaan, Kadri, Toomas', []).added).toEqual(['Mari', 'Jaan', 'Kadri', 'Toomas'])
    expect(namesFromText('Liis; Peeter;Kristi\tAndres\t\tMaarja,\n', []).added).toEqual(['Liis', 'Peeter', 'Kristi', 'Andres', 'Maarja'])
    expect(namesFromText('さくら、はると，ゆい', []).added).toEqual(['さくら', 'はると', 'ゆい'])
  })
})
