// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { makeAppView, makeLegal, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import NightPanel from './NightPanel.vue'

async function setup(game = makeRefereeView()) {
  const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
  const wrapper = await mountWith(NightPanel, pinia, { props: { game } })
  return { wrapper, api }
}

describe('NightPanel', () => {
  it('enables End this call only when the view says it is legal', async () => {
    const off = await setup()
    expect(off.wrapper.get('[data-test="end-step"]').attributes('disabled')).toBeDefined()

    const on = await setup(makeRefereeView({ legal: makeLegal({ endNightStep: true }) }))
    const button = on.wrapper.get('[data-test="end-step"]')
    expect(button.attributes('disabled')).toBeUndefined()
    await button.trigger('click')
    expect(on.api.played('endNightStep')).toHaveLength(1)
  })

  it('offers each shooter exactly the targets legal.shoot lists, and records a shot', async () => {
    const game = makeRefereeView({ legal: makeLegal({ shoot: { 0: [1, 2, 4], 3: [0, 1, 2, 4, 5] }, setReadingStart: [0, 1, 2, 3, 4, 5] }) })
    const { wrapper, api } = await setup(game)
    const anna = wrapper.get('[data-shooter="0"]')
    const enabled = anna
      .findAll('button[data-seat]')
      .filter((b) => b.attributes('disabled') === undefined)
      .map((b) => b.attributes('data-seat'))
    expect(enabled).toEqual(['1', '2', '4'])
    await anna.get('button[data-seat="4"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'shoot', shooter: 0, target: 4 })
    // Disabled seats do nothing.
    await anna.get('button[data-seat="5"]').trigger('click')
    expect(api.played('shoot')).toHaveLength(1)
  })

  it('shows the live tally, the majority needed and the outcome the host computed', async () => {
    const base = makeRefereeView()
    const game = makeRefereeView({
      night: {
        ...base.night!,
        shots: [
          { shooter: 0, target: 1 },
          { shooter: 3, target: 1 },
        ],
        tally: [{ target: 1, count: 2 }],
        outcome: 1,
      },
      legal: makeLegal({ shoot: { 0: [1, 2], 3: [1, 2] }, endNightStep: true }),
    })
    const { wrapper, api } = await setup(game)
    expect(wrapper.get('[data-test="tally"]').text()).toContain('2 of 2 mafia on Bence')
    expect(wrapper.get('[data-test="tally"]').text()).toContain('kill')
    expect(wrapper.get('[data-test="night-outcome"]').text()).toContain('Bence dies')
    await wrapper.get('[data-shooter="0"] [data-test="clear-shot"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'clearShot', shooter: 0 })
  })

  it('shows the investigation answer big: MAFIA / NOT MAFIA', async () => {
    const base = makeRefereeView()
    const steps = base.night!.steps.map((s, i) => ({ ...s, state: i === 0 ? ('done' as const) : ('current' as const) }))
    const game = makeRefereeView({
      night: { ...base.night!, steps, investigation: { target: 3, isMafia: true } },
      legal: makeLegal({ investigate: [0, 1, 3, 4, 5], endNightStep: true }),
    })
    const { wrapper, api } = await setup(game)
    const answer = wrapper.get('[data-test="investigation-answer"]')
    expect(answer.text()).toContain('Dóra is')
    expect(answer.text()).toContain('MAFIA')
    expect(answer.classes()).toContain('is-mafia')
    await wrapper.get('[data-test="investigate"] button[data-seat="1"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'investigate', target: 1 })
    // Seat 2 (the inspector) is not offered.
    expect(wrapper.get('[data-test="investigate"] button[data-seat="2"]').attributes('disabled')).toBeDefined()
  })

  it('marks a dead role’s call "(dead — call anyway)"', async () => {
    const base = makeRefereeView()
    const game = makeRefereeView({
      night: { ...base.night!, steps: [base.night!.steps[0]!, { kind: 'investigator', deadCall: true, identify: false, state: 'next' }] },
    })
    const { wrapper } = await setup(game)
    expect(wrapper.get('[data-step="investigator"]').text()).toContain('(dead — call anyway)')
    expect(wrapper.get('[data-step="mafia"]').attributes('aria-current')).toBe('step')
  })

  it('records who woke (physical deal) with exactly the count asked for', async () => {
    const game = makeRefereeView({
      dealMode: 'physical',
      seats: makeRefereeView().seats.map((s) => ({ ...s, role: null })),
      legal: makeLegal({ identify: { role: 'mafia', count: 2, exact: true, candidates: [0, 1, 2, 3, 4, 5] } }),
    })
    const { wrapper, api } = await setup(game)
    const confirm = wrapper.get('[data-test="identify-confirm"]')
    await wrapper.get('[data-test="identify"] button[data-seat="3"]').trigger('click')
    expect(confirm.attributes('disabled')).toBeDefined()
    await wrapper.get('[data-test="identify"] button[data-seat="0"]').trigger('click')
    expect(confirm.attributes('disabled')).toBeUndefined()
    await confirm.trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'identifyRole', role: 'mafia', players: [0, 3] })
  })

  it('group target: the legal targets only', async () => {
    const game = makeRefereeView({ legal: makeLegal({ chooseTarget: [1, 2, 4, 5] }) })
    const { wrapper, api } = await setup(game)
    const group = wrapper.get('[data-test="group-target"]')
    expect(group.get('button[data-seat="0"]').attributes('disabled')).toBeDefined()
    await group.get('button[data-seat="5"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'chooseTarget', target: 5 })
  })
  it('records "did not shoot" for a mafioso and shows it; the disabled End button says why', async () => {
    const base = makeRefereeView()
    const game = makeRefereeView({
      night: { ...base.night!, shots: [{ shooter: 3, target: null }] },
      legal: makeLegal({
        shoot: { 0: [1, 2], 3: [0, 1, 2] },
        noShot: [0],
        endNightStepWhy: { reason: 'shots-missing', params: { names: 'Anna' } },
      }),
    })
    const { wrapper, api } = await setup(game)
    expect(wrapper.get('[data-shooter="3"] [data-test="shot-of"]').text()).toContain('did not shoot')
    expect(wrapper.find('[data-shooter="3"] [data-test="no-shot"]').exists()).toBe(false)
    await wrapper.get('[data-shooter="0"] [data-test="no-shot"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'shoot', shooter: 0, target: null })
    const why = wrapper.get('[data-test="end-step-why"]')
    expect(why.text()).toContain('Waiting for the shot of Anna')
    expect(wrapper.get('[data-test="end-step"]').attributes('aria-describedby')).toBe(why.attributes('id'))
  })

  it('the why-line names the role as the ruleset does (a role id in the reason, never an English word from the engine)', async () => {
    const base = makeRefereeView()
    const game = makeRefereeView({ legal: makeLegal({ endNightStepWhy: { reason: 'no-investigation', params: { role: 'investigator' } } }) })
    expect(base.projector.names.en.roleNames.investigator).toBe('Inspector')
    const { wrapper } = await setup(game)
    expect(wrapper.get('[data-test="end-step-why"]').text()).toBe('Waiting for the Inspector to point. If they do not, press “Did not ask”.')
  })

  it('records "did not ask" for the investigators', async () => {
    const base = makeRefereeView()
    const steps = base.night!.steps.map((s, i) => ({ ...s, state: i === 0 ? ('done' as const) : ('current' as const) }))
    const game = makeRefereeView({ night: { ...base.night!, steps }, legal: makeLegal({ investigate: [0, 1], skipInvestigation: true }) })
    const { wrapper, api } = await setup(game)
    await wrapper.get('[data-test="no-investigation"]').trigger('click')
    expect(api.play).toHaveBeenCalledWith({ type: 'investigate', target: null })
    const done = await setup(makeRefereeView({ night: { ...base.night!, steps, investigationSkipped: true }, legal: makeLegal({ endNightStep: true }) }))
    expect(done.wrapper.get('[data-test="investigation-skipped"]').text()).toContain('did not ask')
    expect(done.wrapper.find('[data-test="end-step-why"]').exists()).toBe(false)
  })

  it("shows the answer in the ruleset's own words: Swedish EVIL (thumb down) / GOOD (thumb up)", async () => {
    const base = makeRefereeView()
    const steps = base.night!.steps.map((s, i) => ({ ...s, state: i === 0 ? ('done' as const) : ('current' as const) }))
    const evil = await setup(makeRefereeView({ answerStyle: 'evil', night: { ...base.night!, steps, investigation: { target: 3, isMafia: true } } }))
    expect(evil.wrapper.get('[data-test="investigation-answer"]').text()).toContain('EVIL (thumb down)')
    expect(evil.wrapper.get('[data-test="investigation-answer"]').text()).not.toContain('MAFIA')
    const good = await setup(makeRefereeView({ answerStyle: 'evil', night: { ...base.night!, steps, investigation: { target: 3, isMafia: false } } }))
    expect(good.wrapper.get('[data-test="investigation-answer"]').text()).toContain('GOOD (thumb up)')
    const maffiasig = await setup(makeRefereeView({ night: { ...base.night!, steps, investigation: { target: 3, isMafia: true } } }))
    expect(maffiasig.wrapper.get('[data-test="investigation-answer"]').text()).toContain('MAFIA (thumb up)')
    // The gesture itself, large, with the thumb the ruleset means.
    const thumb = (w: typeof evil.wrapper) => [w.get('[data-test="answer-gesture"]').attributes('data-thumb'), w.get('[data-test="answer-gesture"]').text()]
    expect(thumb(evil.wrapper)).toEqual(['down', '▼ Thumb down'])
    expect(thumb(good.wrapper)).toEqual(['up', '▲ Thumb up'])
    expect(thumb(maffiasig.wrapper)).toEqual(['up', '▲ Thumb up'])
  })
})
