// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import type { Composer } from 'vue-i18n'
import { describe, expect, it } from 'vitest'
import { rulesetOptionsSchema } from '../../../shared/ruleset'
import { createAppI18n, switchLanguage } from '../../i18n'
import { refereeMessages } from '../../i18n/referee-messages'
import { makeAppView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { useSetupStore } from '../stores/useSetupStore'
import SetupScreen from './SetupScreen.vue'

async function setup(view = makeAppView()) {
  const { pinia, api } = await connectedReferee(view)
  const wrapper = await mountWith(SetupScreen, pinia, { attachTo: document.body })
  const store = useSetupStore(pinia)
  await store.refreshNow()
  await flushPromises()
  return { wrapper, api, store }
}

describe('SetupScreen', () => {
  it('lists the roster and edits it: add, rename, reorder, remove', async () => {
    const { wrapper, api } = await setup()
    expect(wrapper.findAll('[data-test="roster-row"]')).toHaveLength(6)
    await wrapper.get('[data-test="add-name"]').setValue('Gábor')
    await wrapper.get('form.add').trigger('submit')
    await flushPromises()
    expect(api.saveRoster).toHaveBeenLastCalledWith(expect.arrayContaining(['Gábor']))
    expect(wrapper.findAll('[data-test="roster-row"]')).toHaveLength(7)

    const first = wrapper.get('[data-test="roster-row"] input.name')
    await first.setValue('Anikó')
    await first.trigger('change')
    await flushPromises()
    expect(api.saveRoster.mock.lastCall?.[0][0]).toBe('Anikó')

    await wrapper.findAll('[data-test="move-down"]')[0]!.trigger('click')
    await flushPromises()
    expect(api.saveRoster.mock.lastCall?.[0].slice(0, 2)).toEqual(['Bence', 'Anikó'])

    // Keyboard: Alt+ArrowUp in a name field moves that player up.
    await wrapper.findAll('[data-test="roster-row"] input.name')[2]!.trigger('keydown', { key: 'ArrowUp', altKey: true })
    await flushPromises()
    expect(api.saveRoster.mock.lastCall?.[0].slice(0, 3)).toEqual(['Bence', 'Csaba', 'Anikó'])

    await wrapper.findAll('[data-test="remove"]')[6]!.trigger('click')
    await flushPromises()
    expect(api.saveRoster.mock.lastCall?.[0]).toHaveLength(6)
    wrapper.unmount()
  })

  it('a name typed while the last one is being saved stays in the field (the save’s answer does not wipe it)', async () => {
    const { wrapper, api } = await setup()
    let answer!: () => void
    const saved = api.saveRoster.getMockImplementation()!
    api.saveRoster.mockImplementationOnce((...args: Parameters<typeof saved>) => new Promise((resolve) => (answer = () => resolve(saved(...args)))))
    const field = wrapper.get<HTMLInputElement>('[data-test="add-name"]')
    await field.setValue('Gábor')
    await wrapper.get('form.add').trigger('submit')
    expect(field.element.value, 'the field empties at once').toBe('')
    await field.setValue('Hédi')
    answer()
    await flushPromises()
    expect(field.element.value).toBe('Hédi')
    wrapper.unmount()
  })

  it('a count being typed is the referee’s from the first keystroke: a suggestion answered meanwhile leaves it alone', async () => {
    const { wrapper, api, store } = await setup()
    expect(store.countsEdited).toBe(false)
    const field = wrapper.get<HTMLInputElement>('#count-mafia')
    field.element.value = '4'
    await field.trigger('input')
    expect(store.countsEdited).toBe(true)
    // The host's advice arrives before the field is left: it suggests 2 mafia.
    await store.refreshNow()
    await flushPromises()
    expect(api.checkSetup).toHaveBeenCalled()
    expect(field.element.value).toBe('4')
    await field.trigger('change')
    await flushPromises()
    expect(store.counts.mafia).toBe(4)
    wrapper.unmount()
  })

  it('a focused count field keeps what it held while the counts change under it (a selected "2" is not rewritten before the key lands)', async () => {
    const { wrapper, store } = await setup()
    const field = wrapper.get<HTMLInputElement>('#count-mafia')
    const before = field.element.value
    await field.trigger('focus')
    // The counts change while the field has focus and nothing is typed yet: a preset or advice landing.
    store.setCount('mafia', Number(before) + 1)
    await flushPromises()
    expect(field.element.value, 'the focused field is not rewritten under the selection').toBe(before)
    await field.trigger('blur')
    await flushPromises()
    expect(field.element.value, 'left without a change, it follows the counts again').toBe(String(Number(before) + 1))
    wrapper.unmount()
  })

  it("names the night calls with the ruleset's own role names", async () => {
    const { wrapper, store } = await setup()
    const names = store.draft!.names.en.roleNames
    const labels = wrapper.findAll('[data-test="night-order"] li .check span').map((l) => l.text())
    expect(labels).toContain(names.investigator)
    expect(labels).toContain(names.mafia)
    wrapper.unmount()
  })

  it('shows only the options that apply, folded in groups; every option has an editor where it applies', async () => {
    const { wrapper, store } = await setup()
    const groups = wrapper.findAll('details[data-group]')
    expect(groups.map((g) => g.attributes('data-group'))).toEqual(['night', 'day', 'end', 'phones', 'table'])
    expect(groups.every((g) => g.attributes('open') === undefined)).toBe(true)
    const o = store.draft!.options
    // MaffiaSIG: individual shots, no doctor, accusations, a time limit.
    expect(o).toMatchObject({ killResolution: 'individualShots', hasDoctor: false, dayProcedure: 'accusation' })
    const has = (key: string) => wrapper.find(`[data-option="${key}"]`).exists()
    expect(has('mafiaMayTargetMafia')).toBe(true)
    for (const key of ['doctorSelfHeal', 'parityNeedsDeadDoctor', 'doctorMafiaDraw', 'maxNominees', 'tieRule', 'singleNomineeExecuted'])
      expect(has(key), key).toBe(false)
    await wrapper.get('[data-option="killResolution"] select').setValue('groupTarget')
    expect(has('mafiaMayTargetMafia')).toBe(false)
    expect(has('readNamesAtShots')).toBe(false)
    await wrapper.get('[data-option="hasDoctor"] input').setValue(true)
    await wrapper.get('[data-option="dayProcedure"] select').setValue('nomination')
    for (const key of Object.keys(rulesetOptionsSchema.shape).filter(
      (k) => !['mafiaMayTargetMafia', 'readNamesAtShots', 'firstDeadBecomesReferee'].includes(k),
    ))
      expect(has(key), key).toBe(true)
    // Where the day has no time limit, the warning time and the expiry action do not apply.
    const unlimited = wrapper.get('[data-option="dayTimeLimit"] input[type="checkbox"]')
    await unlimited.setValue(true)
    expect(has('dayWarning')).toBe(false)
    expect(has('dayTimeoutAction')).toBe(false)
    await unlimited.setValue(false)
    wrapper.unmount()
  })

  it("marks options changed from the preset, resets one or all; labels use the ruleset's role words", async () => {
    const { wrapper, store } = await setup()
    expect(wrapper.find('[data-test="option-changed"]').exists()).toBe(false)
    expect(wrapper.get('[data-test="options-reset-all"]').attributes('disabled')).toBeDefined()
    expect(wrapper.get('[data-option="hasInvestigator"]').text()).toContain(store.draft!.names.en.roleNames.investigator)
    expect(wrapper.get('[data-option="hasInvestigator"]').text()).not.toContain('Investigator')
    await wrapper.get('[data-option="readNamesAtShots"] input').setValue(false)
    await wrapper.get('[data-option="mafiaWinAtParity"] input').setValue(false)
    expect(wrapper.findAll('[data-test="option-changed"]')).toHaveLength(2)
    expect(wrapper.get('details[data-group="night"] [data-test="group-changed"]').text()).toContain('1 changed')
    await wrapper.get('[data-option="readNamesAtShots"] [data-test="option-reset"]').trigger('click')
    expect(store.draft!.options.readNamesAtShots).toBe(true)
    expect(wrapper.findAll('[data-test="option-changed"]')).toHaveLength(1)
    await wrapper.get('[data-test="options-reset-all"]').trigger('click')
    expect(store.draft!.options.mafiaWinAtParity).toBe(true)
    expect(wrapper.find('[data-test="option-changed"]').exists()).toBe(false)
    // The help follows the chosen value: no introduction-night help under "a full night 1".
    await wrapper.get('[data-option="firstPhase"] select').setValue('night')
    expect(wrapper.get('[data-option="firstPhase"]').text()).not.toContain('introduction night lets')
    wrapper.unmount()
  })

  it('edits reach the draft', async () => {
    const { wrapper, store } = await setup()
    await wrapper.get('[data-option="hasDoctor"] input').setValue(true)
    await wrapper.get('[data-option="dayProcedure"] select').setValue('nomination')

    await wrapper.get('[data-option="doctorSelfHeal"] input').setValue(true)
    await wrapper.get('[data-option="tieRule"] select').setValue('revote')
    const limit = wrapper.get('[data-option="dayTimeLimit"] input[type="number"]')
    await limit.setValue('900')
    await limit.trigger('change')
    await wrapper.get('[data-option="maxNominees"] input[type="checkbox"]').setValue(false)
    const o = store.draft!.options
    expect(o.doctorSelfHeal).toBe(true)
    expect(o.tieRule).toBe('revote')
    expect(o.dayTimeLimit).toBe(900)
    expect(o.maxNominees).toBe(3)
    expect(wrapper.text()).toContain('changed')
    wrapper.unmount()
  })

  it('shows the suggested counts and the estimate with ± and the number of games', async () => {
    const { wrapper, store } = await setup()
    expect(wrapper.get('[data-role="mafia"] [data-test="suggested"]').text()).toBe('suggested 2')
    expect(wrapper.get('[data-test="citizens"]').text()).toBe('3')
    const est = wrapper.get('[data-test="estimate"]').text()
    expect(est).toContain('48 % ± 2.2')
    expect(est).toContain('50 % ± 2.2')
    expect(wrapper.text()).toContain('2,000 simulated games')
    await wrapper.get('[data-role="mafia"] [data-test="plus"]').trigger('click')
    expect(store.counts.mafia).toBe(3)
    expect(wrapper.get('[data-test="citizens"]').text()).toBe('2')
    expect(wrapper.find('[data-test="use-suggested"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it("shows an estimate error gracefully, by its code (not the host's words)", async () => {
    const { pinia, api } = await connectedReferee()
    api.estimate.mockResolvedValue({ ok: false, error: { code: 'estimate-failed', message: 'The estimate failed: worker exited with code 1' } })
    const wrapper = await mountWith(SetupScreen, pinia)
    await useSetupStore(pinia).refreshNow()
    await flushPromises()
    expect(wrapper.get('[data-test="estimate-error"]').text()).toBe('No estimate: The estimate failed.')
    wrapper.unmount()
  })

  it('starts the game and shows the host’s validation errors', async () => {
    const { wrapper, api } = await setup()
    api.startGame.mockResolvedValueOnce({ ok: false, error: { code: 'game-in-progress', message: 'A game is open.' } })
    await wrapper.get('[data-test="deal-physical"]').setValue(true)
    await wrapper.get('[data-test="start"]').trigger('click')
    await flushPromises()
    expect(api.startGame.mock.calls[0]![0].dealMode).toBe('physical')
    // Any other refusal by its code, not the host's English words.
    expect(wrapper.get('[data-test="start-errors"] li').text()).not.toContain('A game is open.')
    wrapper.unmount()
  })

  it('a refused start shows each setup problem in the window’s language (magyar), not the host’s English', async () => {
    const { pinia, api } = await connectedReferee(makeAppView())
    api.startGame.mockResolvedValueOnce({
      ok: false,
      error: {
        code: 'setup-problems',
        message: 'MaffiaSIG needs at least 9 players; 6 given. MaffiaSIG has no doctor.',
        lines: [
          { key: 'problem.tooFew', params: { ruleset: 'MaffiaSIG', min: 9, n: 6 } },
          { key: 'problem.roleNotInRuleset', params: { ruleset: 'MaffiaSIG', role: 'doctor' } },
        ],
      },
    })
    const i18n = createAppI18n(refereeMessages)
    await switchLanguage(i18n.global as unknown as Composer, 'hu')
    const wrapper = mount(SetupScreen, { attachTo: document.body, global: { plugins: [pinia, i18n] } })
    await flushPromises()
    await wrapper.get('[data-test="start"]').trigger('click')
    await flushPromises()
    const box = wrapper.get('[data-test="start-errors"]')
    expect(box.get('.cannot').text()).toBe('A játék még nem indulhat:')
    expect(box.findAll('li').map((li) => li.text())).toEqual(['MaffiaSIG: legalább 9 játékos kell; most 6 van.', 'MaffiaSIG: ebben nincs orvos.'])
    expect(box.text()).not.toMatch(/needs|given|has no|doctor/)
    wrapper.unmount()
  })

  it('switching to a ruleset that signs the answer with the other thumb says so once', async () => {
    const { wrapper } = await setup()
    expect(wrapper.find('[data-test="gesture-changed"]').exists()).toBe(false)
    const select = wrapper.get('[data-test="ruleset-select"]')
    await select.setValue('swedish')
    expect(wrapper.get('[data-test="gesture-changed"]').text()).toContain('EVIL (thumb down), GOOD (thumb up)')
    await select.setValue('swedish')
    expect(wrapper.find('[data-test="gesture-changed"]').exists()).toBe(false)
    await select.setValue('maffiasig')
    expect(wrapper.get('[data-test="gesture-changed"]').text()).toContain('MAFIA (thumb up), NOT MAFIA (thumb down)')
    wrapper.unmount()
  })

  it('switches rulesets', async () => {
    const { wrapper, store } = await setup()
    await wrapper.get('[data-test="ruleset-select"]').setValue('swedish')
    expect(store.draft?.name).toBe('Swedish')
    expect((wrapper.get('[data-option="hasDoctor"] input').element as HTMLInputElement).checked).toBe(true)
    wrapper.unmount()
  })

  it('the estimate explains itself, and "how well the town reads the table" goes into the request', async () => {
    const { wrapper, api, store } = await setup()
    expect(wrapper.get('[data-test="estimate-explain"]').text()).toContain('80 %')
    // The first figure is for a table that reads faces, and says so on its face.
    expect(store.read).toBeCloseTo(0.3, 10)
    expect(api.estimate.mock.lastCall?.[0]).toMatchObject({ read: 0.3 })
    expect(wrapper.get('[data-test="estimate-why"]').text()).toContain('Starts at 30 %')
    await wrapper.get('[data-test="estimate-read"]').setValue('40')
    expect(store.read).toBeCloseTo(0.4, 10)
    await store.refreshNow()
    expect(api.estimate.mock.lastCall?.[0]).toMatchObject({ read: 0.4 })
    wrapper.unmount()
  })

  it('explains and counts only what the ruleset has: no doctor and no draw row in MaffiaSIG; both with a doctor and the draw rule', async () => {
    const { pinia, api } = await connectedReferee()
    api.estimate.mockResolvedValue({ ok: true, value: { games: 2000, town: 0.4, mafia: 0.6, draw: 0, townCi: 0.02, mafiaCi: 0.02, drawCi: 0, meanDays: 4 } })
    const wrapper = await mountWith(SetupScreen, pinia, { attachTo: document.body })
    await useSetupStore(pinia).refreshNow()
    await flushPromises()
    const explain = () => wrapper.get('[data-test="estimate-explain"]').text()
    const sides = () => wrapper.findAll('[data-test="estimate"] dd').map((d) => d.attributes('data-side'))
    expect(explain()).not.toMatch(/doctor/i)
    expect(explain()).toMatch(/inspector/i)
    expect(sides()).toEqual(['town', 'mafia'])
    await wrapper.get('[data-test="ruleset-select"]').setValue('swedish')
    const store = useSetupStore()
    await store.refreshNow()
    await flushPromises()
    expect(explain()).toMatch(/doctor/i)
    expect(sides()).toEqual(['town', 'mafia'])
    store.setOption('doctorMafiaDraw', true)
    await store.refreshNow()
    await flushPromises()
    expect(sides()).toEqual(['town', 'mafia', 'draw'])
    wrapper.unmount()
  })

  it('an empty roster shows a hint, not errors; too few players get a friendly line, not the estimator’s words', async () => {
    const { wrapper, api, store } = await setup(makeAppView({ roster: [] }))
    expect(wrapper.find('[data-test="problems"]').exists()).toBe(false)
    expect(wrapper.find('.error-list').exists()).toBe(false)
    expect(wrapper.get('[data-test="counts-add-names"]').text()).toContain('Add the players’ names')
    const asked = api.estimate.mock.calls.length
    await wrapper.get('[data-test="add-name"]').setValue('Mari')
    await wrapper.get('form.add').trigger('submit')
    await store.refreshNow()
    await flushPromises()
    expect(api.estimate.mock.calls.length).toBe(asked)
    expect(wrapper.get('[data-test="estimate-too-few"]').text()).toMatch(/at least \d+ players/)
    expect(wrapper.find('[data-test="estimate-error"]').exists()).toBe(false)
    wrapper.unmount()
  })
})

describe('SetupScreen in another language', () => {
  it("shows the host's problems and warnings by line id in the window's language, with the ruleset's own role words", async () => {
    const { pinia, api } = await connectedReferee()
    api.checkSetup.mockResolvedValue({
      ok: true,
      value: {
        suggested: { mafia: 2, investigator: 1, doctor: 0, citizen: 3 },
        problems: ['MaffiaSIG has no doctor.'],
        warnings: ['MaffiaSIG is best with 9–18 players.'],
        problemLines: [{ key: 'problem.roleNotInRuleset', params: { ruleset: 'MaffiaSIG', role: 'doctor' } }],
        warningLines: [{ key: 'warning.recommended', params: { ruleset: 'MaffiaSIG', min: 9, max: 18 } }],
      },
    })
    const i18n = createAppI18n(refereeMessages)
    await switchLanguage(i18n.global as unknown as Composer, 'hu')
    const wrapper = mount(SetupScreen, { attachTo: document.body, global: { plugins: [pinia, i18n] } })
    await useSetupStore(pinia).refreshNow()
    await flushPromises()
    expect(wrapper.get('[data-test="problems"]').text()).toBe('MaffiaSIG: ebben nincs orvos.')
    expect(wrapper.get('[data-test="warnings"]').text()).toBe('MaffiaSIG: 9–18 játékossal a legjobb.')
    wrapper.unmount()
  })
})
