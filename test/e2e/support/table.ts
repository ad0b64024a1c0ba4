/**
 * A game night as the end-to-end tests play it: the referee page (clicked), the projector page
 * (watched), and the test's own model of the game. Every step is one click on the referee page,
 * then both pages are checked against the model, and the projector is searched for secrets.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { expect } from 'vitest'
import { PRESETS } from '../../../src/engine/rulesets'
import type { RoleId } from '../../../src/shared/roles'
import type { PresetId, Ruleset } from '../../../src/shared/ruleset'
import { REPO_ROOT } from '../../support/paths'
import { GameModel } from './model'
import { BOARD, expectBoard, expectNoSecrets, readBoard } from './projector'
import { RefereeDriver } from './referee'
import { phaseTitle, t, winnerText } from './words'

export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e')

export interface TableSetup {
  preset: PresetId
  names: string[]
  /** Mafia, investigators and doctors; citizens fill the rest. */
  counts: { mafia: number; investigator: number; doctor: number }
}

export interface NightPlan {
  /** Individual shots: shooter → target (every living mafioso must have one). */
  shots?: [shooter: number, target: number][]
  readingStart?: number
  /** Group target. */
  target?: number
  investigate?: number
  heal?: number
  /** End the calls with the N key instead of the button. */
  keyboard?: boolean
}

/** A yes/no vote: how many say yes, tapped one by one or typed as a count. */
export interface YesVotes {
  yes: number
  typed?: boolean
}

export class Table {
  model!: GameModel
  referee: RefereeDriver
  /** Screenshot names taken, for the report. */
  readonly screenshots: string[] = []

  constructor(
    refereePage: Page,
    public projector: Page,
    readonly name: string,
  ) {
    this.referee = new RefereeDriver(refereePage)
  }

  get page(): Page {
    return this.referee.page
  }

  get ruleset(): Ruleset {
    return this.model.ruleset
  }

  // ── setup ──────────────────────────────────────────────────────────────────────────────────

  /** Roster, preset, counts, digital deal, start, then the private reveal for every player. */
  async setup(setup: TableSetup): Promise<void> {
    const page = this.page
    const ruleset = PRESETS[setup.preset]
    for (const name of setup.names) {
      await this.referee.act(`add ${name}`, async () => {
        await page.locator('[data-test=add-name]').fill(name)
        await page.locator('[data-test=add-name]').press('Enter')
      })
    }
    await expect.poll(() => page.locator('[data-test=roster-row]').count()).toBe(setup.names.length)

    await page.locator('[data-test=ruleset-select]').selectOption(setup.preset)
    await expect.poll(() => page.locator('[data-test=ruleset-name]').inputValue()).toBe(ruleset.name)
    for (const role of ['mafia', 'investigator', 'doctor'] as const) {
      const field = page.locator(`#count-${role}`)
      if (setup.counts[role] === 0 && (await field.count()) === 0) continue
      await field.fill(String(setup.counts[role]))
      await field.press('Tab')
      await expect.poll(() => field.inputValue()).toBe(String(setup.counts[role]))
    }
    const citizens = setup.names.length - setup.counts.mafia - setup.counts.investigator - setup.counts.doctor
    await expect.poll(() => this.referee.text('[data-test=citizens]')).toBe(String(citizens))
    await page.locator('[data-test=deal-digital]').check()
    await expect.poll(() => page.locator('[data-test=problems]').count(), { message: 'the setup shows problems' }).toBe(0)
    expect(await this.projector.locator('[data-test=idle]').count(), 'the projector waits before the deal').toBe(1)
    await this.referee.click('start the game', '[data-test=start]')

    // The deal as the host made it: the referee's view is the truth the rest of the game is checked with.
    const view = await this.referee.view()
    const roles = view.game!.seats.map((s) => s.role)
    expect(
      roles.every((r) => r !== null),
      'a digital deal gives every seat a role',
    ).toBe(true)
    const dealt = { mafia: 0, investigator: 0, doctor: 0, citizen: 0 }
    for (const r of roles) dealt[r!]++
    expect(dealt).toEqual({ ...setup.counts, citizen: citizens })
    this.model = new GameModel(ruleset, setup.names, roles as RoleId[])
    await expectBoard(this.projector, this.model, 'during the reveal, projector')

    // The private reveal, one player at a time: each sees only their own role, never on the projector.
    const reveal = page.locator('[data-test=role-reveal]')
    await reveal.waitFor()
    // What the page looks like from across the table: every element's colours, by the role shown.
    const looks = new Map<RoleId, string>()
    for (const [i, name] of setup.names.entries()) {
      await expect.poll(() => this.referee.text('[data-test=pass-to]')).toContain(name)
      expect(await reveal.locator('[data-test=revealed-role]').count(), 'a role shows before the player asks').toBe(0)
      await page.locator('[data-test=reveal-show]').click()
      expect(await this.referee.text('[data-test=revealed-role]'), `${name}'s role on the reveal screen`).toBe(ruleset.names.en.roleNames[roles[i]!])
      await page.mouse.move(0, 0) // no hover: the look at rest
      looks.set(
        roles[i]!,
        await reveal.evaluate((root) =>
          [root, ...root.querySelectorAll('*')]
            .map((e) => {
              const c = getComputedStyle(e)
              return `${e.tagName}.${String(e.className)} ${c.color} ${c.backgroundColor} ${c.borderColor} ${c.opacity} ${c.fontSize} ${c.fontWeight}`
            })
            .join('\n'),
        ),
      )
      await expectNoSecrets(this.projector, this.model, `while ${name} sees their role`)
      await page.locator('[data-test=reveal-hide]').click()
    }
    const [first, ...others] = [...looks.entries()]
    for (const [role, look] of others) {
      const a = first![1].split('\n')
      const differs = look.split('\n').flatMap((line, i) => (line === a[i] ? [] : [`${first![0]}: ${a[i]} | ${role}: ${line}`]))
      expect(differs, `the reveal looks the same for every role`).toEqual([])
    }
    await page.locator('[data-test=reveal-finish]').click()
    await page.locator('.game-screen').waitFor()

    // The referee's table shows the same roles.
    const seats = page.locator('section[aria-labelledby=seats-title] li[data-seat]')
    await expect.poll(() => seats.count()).toBe(setup.names.length)
    const shown = await seats.evaluateAll((lis) => lis.map((li) => li.querySelector('.role')?.textContent?.trim() ?? ''))
    expect(shown).toEqual(roles.map((r) => ruleset.names.en.roleNames[r!]))
    await this.verify('after the deal')
  }

  // ── checks ─────────────────────────────────────────────────────────────────────────────────

  /** Both pages against the model; the projector holds no secret. */
  async verify(where: string): Promise<void> {
    const m = this.model
    await expectBoard(this.projector, m, `${where}, projector`)
    await expectNoSecrets(this.projector, m, where)
    const title = phaseTitle(m.phase, m.nightNumber, m.dayNumber, m.stage)
    await expect.poll(() => this.referee.text('[data-test=phase-title]'), { message: `${where}: referee heading` }).toBe(title)
    await expectBoard(this.page, m, `${where}, referee's projector preview`, `.preview ${BOARD}`)
    if (m.phase === 'night') {
      const step = m.currentStep()!
      const current = this.page.locator('[data-test=night-panel] li[aria-current=step]')
      expect(await current.getAttribute('data-step'), `${where}: the current night call`).toBe(step)
      expect(await current.locator('[data-test=dead-call]').count(), `${where}: the dead-call mark of the ${step} call`).toBe(m.isDeadCall(step) ? 1 : 0)
    }
    expect(await this.referee.errorText(), `${where}: refusal shown`).toBeNull()
  }

  /** The model before each step, for undo. */
  private history: GameModel[] = []

  /** One referee step (one engine command): the click, the model's update, then the checks. */
  async step(label: string, action: () => Promise<unknown>, update: () => void): Promise<void> {
    await this.referee.act(label, action)
    this.history.push(GameModel.copy(this.model))
    update()
    await this.verify(label)
  }

  /** Ctrl+Z on the referee page: the last step is taken back on both pages. */
  async undo(): Promise<void> {
    const before = this.history.pop()
    if (!before) throw new Error('nothing to undo in the model')
    const label = `${this.where()}: undo (Ctrl+Z)`
    await expect.poll(() => this.page.locator('[data-test=undo]').isEnabled()).toBe(true)
    await this.referee.act(label, () => this.page.keyboard.press('Control+z'))
    this.model = before
    await this.verify(label)
  }

  /** Carry on with other pages (after a restart of the server the addresses change). */
  attach(refereePage: Page, projector: Page): void {
    this.referee = new RefereeDriver(refereePage)
    this.projector = projector
  }

  private where(): string {
    const m = this.model
    return m.phase === 'night' ? `night ${m.nightNumber}` : m.phase === 'day' ? `day ${m.dayNumber}` : 'game over'
  }

  // ── the night ──────────────────────────────────────────────────────────────────────────────

  async endStep(keyboard = false): Promise<void> {
    const step = this.model.currentStep()
    await this.step(
      `${this.where()}: end the ${step} call`,
      () => (keyboard ? this.page.keyboard.press('n') : this.page.locator('[data-test=end-step]').click()),
      () => this.model.endStep(),
    )
  }

  async readingStart(seat: number): Promise<void> {
    const button = this.page.locator(`[data-test=shots] > .block:not(.shooter) button[data-seat="${seat}"]`)
    await this.step(
      `${this.where()}: read the names from ${this.model.name(seat)}`,
      () => button.click(),
      () => {},
    )
    expect(await button.getAttribute('aria-pressed')).toBe('true')
  }

  async shoot(shooter: number, target: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: ${m.name(shooter)} shoots ${m.name(target)}`,
      () => this.page.locator(`[data-test=shots] .shooter[data-shooter="${shooter}"] button[data-seat="${target}"]`).click(),
      () => m.shots.set(shooter, target),
    )
    await this.expectOutcome()
  }

  /** The mafioso does not point: "Did not shoot" (counts toward no one). */
  async noShot(shooter: number): Promise<void> {
    const m = this.model
    const row = this.page.locator(`[data-test=shots] .shooter[data-shooter="${shooter}"]`)
    await this.step(
      `${this.where()}: ${m.name(shooter)} does not shoot`,
      () => row.locator('[data-test=no-shot]').click(),
      () => m.shots.set(shooter, null),
    )
    expect(await row.locator('[data-test=shot-of]').textContent()).toContain(t('night.didNotShoot'))
    await this.expectOutcome()
  }

  /** The investigators do not ask tonight: "Did not ask". */
  async noInvestigation(): Promise<void> {
    await this.step(
      `${this.where()}: the ${this.model.ruleset.names.en.roleNames.investigator} does not ask`,
      () => this.page.locator('[data-test=no-investigation]').click(),
      () => {},
    )
    expect(await this.referee.text('[data-test=investigation-skipped]')).toBe(
      t('night.didNotAsk', { role: this.model.ruleset.names.en.roleNames.investigator }),
    )
  }

  async clearShot(shooter: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: clear the shot of ${m.name(shooter)}`,
      () => this.page.locator(`[data-test=shots] .shooter[data-shooter="${shooter}"] [data-test=clear-shot]`).click(),
      () => m.shots.delete(shooter),
    )
    await this.expectOutcome()
  }

  async chooseTarget(target: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: the mafia choose ${m.name(target)}`,
      () => this.page.locator(`[data-test=group-target] button[data-seat="${target}"]`).click(),
      () => (m.target = target),
    )
    await this.expectOutcome()
  }

  async investigate(target: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: ${m.ruleset.names.en.roleNames.investigator} points at ${m.name(target)}`,
      () => this.page.locator(`[data-test=investigate] button[data-seat="${target}"]`).click(),
      () => (m.investigated = target),
    )
    // The ruleset's own answer words: MaffiaSIG and Estonian sign MAFIA / NOT MAFIA, Swedish EVIL / GOOD.
    const style = m.ruleset.base === 'swedish' ? 'evil' : 'mafia'
    const yes = m.roles[target] === 'mafia'
    const answer = t(`night.answer.${style}.${yes ? 'yes' : 'no'}`)
    // The gesture, large: thumb up for mafia (MaffiaSIG, Estonian), thumb down for evil (Swedish).
    const gesture = (style === 'mafia') === yes ? `▲ ${t('night.thumbUp')}` : `▼ ${t('night.thumbDown')}`
    expect(await this.referee.text('[data-test=investigation-answer]')).toBe(`${t('night.answerFor', { name: m.name(target) })} ${answer} ${gesture}`)
  }

  async heal(target: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: ${m.ruleset.names.en.roleNames.doctor} heals ${m.name(target)}`,
      () => this.page.locator(`[data-test=heal] button[data-seat="${target}"]`).click(),
      () => (m.heal = target),
    )
    await this.expectOutcome()
  }

  /** The referee's "if the night ended now" line agrees with the rules. */
  private async expectOutcome(): Promise<void> {
    const victim = this.model.nightVictim()
    const words = victim === null ? t('night.outcomeNobody') : t('night.outcomeDies', { name: this.model.name(victim) })
    await expect.poll(() => this.referee.text('[data-test=night-outcome] strong')).toBe(words)
  }

  /** Every call of the current night, as planned; dead roles' calls are made and ended with nothing to record. */
  async night(plan: NightPlan = {}): Promise<void> {
    const m = this.model
    const number = m.nightNumber
    while (m.phase === 'night' && m.nightNumber === number) {
      const step = m.currentStep()!
      if (!m.isDeadCall(step)) {
        if (step === 'mafia' && m.options.killResolution === 'individualShots') {
          if (plan.readingStart !== undefined) await this.readingStart(plan.readingStart)
          for (const [shooter, target] of plan.shots ?? []) await this.shoot(shooter, target)
        } else if (step === 'mafia' && plan.target !== undefined) await this.chooseTarget(plan.target)
        else if (step === 'investigator' && plan.investigate !== undefined) await this.investigate(plan.investigate)
        else if (step === 'doctor' && plan.heal !== undefined) await this.heal(plan.heal)
      }
      await this.endStep(plan.keyboard)
    }
  }

  // ── the day ────────────────────────────────────────────────────────────────────────────────

  async startClock(): Promise<void> {
    await this.step(
      `${this.where()}: start the clock`,
      () => this.page.locator('[data-test=clock-start]').click(),
      () => {},
    )
    await expect.poll(() => this.projector.locator(`${BOARD} [role=timer]`).getAttribute('data-state')).toMatch(/running|warning/)
  }

  async accuse(accused: number, accuser?: number): Promise<void> {
    const m = this.model
    await this.page.locator(`[data-test=accused-picker] button[data-seat="${accused}"]`).click()
    if (accuser !== undefined) await this.page.locator(`[data-test=accuser-picker] button[data-seat="${accuser}"]`).click()
    await this.step(
      `${this.where()}: ${accuser === undefined ? 'somebody' : m.name(accuser)} accuses ${m.name(accused)}`,
      () => this.page.locator('[data-test=accuse]').click(),
      () => m.accuse(accused),
    )
  }

  async tapYes(voter: number): Promise<void> {
    const m = this.model
    const before = m.vote!.ballots.get(voter) === true
    await this.step(
      `${this.where()}: ${m.name(voter)} ${before ? 'lowers' : 'raises'} a hand`,
      () => this.page.locator(`[data-test=vote-panel] .voters button[data-voter="${voter}"]`).click(),
      () => m.castVote(voter, !before),
    )
  }

  async typeYes(count: number): Promise<void> {
    const m = this.model
    await this.page.locator('[data-test=direct-count]').fill(String(count))
    await this.step(
      `${this.where()}: type ${count} yes votes`,
      () => this.page.locator('[data-test=direct-set]').click(),
      () => m.typeCount(count),
    )
  }

  /** A yes/no vote: `yes` of the eligible voters (the first ones in seating order) say yes. */
  async yesNoVote(votes: YesVotes): Promise<void> {
    const v = this.model.vote!
    if (votes.typed) await this.typeYes(votes.yes)
    else for (const voter of v.eligible.slice(0, votes.yes)) await this.tapYes(voter)
    const progress = t('vote.progress', { yes: votes.yes, needed: this.model.strictMajority(v.eligible.length), eligible: v.eligible.length })
    expect(await this.referee.text('[data-test=vote-panel] [data-test=vote-progress]')).toContain(progress)
    await this.closeVote()
  }

  async closeVote(): Promise<void> {
    await this.step(
      `${this.where()}: close the vote`,
      () => this.page.locator('[data-test=close-vote]').click(),
      () => this.model.closeVote(),
    )
  }

  async endDefence(): Promise<void> {
    await this.step(
      `${this.where()}: end the defence`,
      () => this.page.locator('[data-test=end-defence]').click(),
      () => this.model.endDefence(),
    )
  }

  /** MaffiaSIG: accuse, the guilty vote, and if it passes the defence and the execution vote. */
  async accusation(accused: number, opts: { accuser?: number; guilty: YesVotes; execute?: YesVotes }): Promise<void> {
    await this.accuse(accused, opts.accuser)
    await this.yesNoVote(opts.guilty)
    if (this.model.stage !== 'defence') return
    await this.endDefence()
    await this.yesNoVote(opts.execute ?? { yes: this.model.vote!.eligible.length })
  }

  async nominate(player: number): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: nominate ${m.name(player)}`,
      () => this.page.locator(`[data-test=nominations] button[data-seat="${player}"]`).click(),
      () => m.nominate(player),
    )
  }

  async closeNominations(): Promise<void> {
    const m = this.model
    // A lone nominee is executed at once where the ruleset says so: the button says it, and asks first.
    const lone = m.nominees.length === 1 && m.options.singleNomineeExecuted ? m.nominees[0]! : null
    const button = this.page.locator('[data-test=close-nominations]')
    await this.step(
      `${this.where()}: close the nominations`,
      async () => {
        if (lone === null) return button.click()
        expect(await button.textContent()).toContain(t('day.closeNominationsLone', { name: m.name(lone) }))
        await button.click()
        const dialog = this.page.locator('[role=alertdialog]')
        await expect.poll(() => dialog.textContent()).toContain(t('day.loneConfirm', { name: m.name(lone) }))
        await this.page.locator('[data-test=dialog-confirm]').click()
      },
      () => m.closeNominations(),
    )
  }

  async ballot(voter: number, candidate: number | null): Promise<void> {
    const m = this.model
    await this.step(
      `${this.where()}: ${m.name(voter)} votes for ${candidate === null ? 'nobody' : m.name(candidate)}`,
      () => this.page.locator(`[data-test=vote-panel] .ballot[data-voter="${voter}"] button[data-choice="${candidate ?? 'none'}"]`).click(),
      () => m.castVote(voter, candidate),
    )
  }

  async typeFor(candidate: number, count: number): Promise<void> {
    const row = this.page.locator(`[data-test=vote-panel] li[data-candidate="${candidate}"]`)
    await row.locator('input').fill(String(count))
    await this.step(
      `${this.where()}: type ${count} votes for ${this.model.name(candidate)}`,
      () => row.locator('button[type=submit]').click(),
      () => this.model.typeCount(count, candidate),
    )
  }

  /** A plurality vote: `counts[candidate]` voters each, taken in seating order (or typed). */
  async pluralityVote(counts: Record<number, number>, typed = false): Promise<void> {
    const v = this.model.vote!
    expect(v.kind).toBe('plurality')
    const voters = [...v.eligible]
    for (const candidate of v.candidates) {
      const n = counts[candidate] ?? 0
      if (typed) await this.typeFor(candidate, n)
      else for (const voter of voters.splice(0, n)) await this.ballot(voter, candidate)
    }
    for (const c of v.candidates) {
      expect(await this.referee.text(`[data-test=vote-panel] li[data-candidate="${c}"] .count`)).toBe(t('vote.counted', { n: counts[c] ?? 0 }, counts[c] ?? 0))
    }
    await this.closeVote()
  }

  /** Nomination days: name the suspects, close, hear each defence, then the vote (and a revote on a tie). */
  async nominationDay(nominees: number[], votes?: Record<number, number>, revote?: Record<number, number>, opts: { typed?: boolean } = {}): Promise<void> {
    for (const p of nominees) await this.nominate(p)
    await this.closeNominations()
    while (this.model.stage === 'defence') {
      const speaker = this.model.nominees[this.model.defenceIndex]!
      expect(await this.referee.text('[data-test=defence] h2')).toBe(t('day.defenceOf', { name: this.model.name(speaker) }))
      await this.endDefence()
    }
    if (this.model.stage !== 'vote') return
    await this.pluralityVote(votes ?? {}, opts.typed)
    if (this.model.vote?.revote) await this.pluralityVote(revote ?? {})
  }

  // ── the end ────────────────────────────────────────────────────────────────────────────────

  /** The winner on both pages; every card face up on the projector and on the referee's table. */
  async expectGameOver(winner: 'town' | 'mafia' | 'draw'): Promise<void> {
    const m = this.model
    expect(m.phase, 'the model thinks the game is over').toBe('over')
    expect(m.winner).toBe(winner)
    const board = await readBoard(this.projector)
    expect(board?.winner).toBe(winnerText(winner, m.ruleset))
    expect(board?.seats.map((s) => s.role)).toEqual(m.roles.map((r) => m.ruleset.names.en.roleNames[r]))
    expect(await this.referee.text('[data-test=game-over] .winner')).toBe(winnerText(winner, m.ruleset))
    const list = await this.page
      .locator('[data-test=game-over] li[data-seat]')
      .evaluateAll((lis) => lis.map((li) => li.querySelector('.role')?.textContent?.trim()))
    expect(list).toEqual(m.roles.map((r) => m.ruleset.names.en.roleNames[r]))
    const view = await this.referee.view()
    expect(view.game?.winner).toBe(winner)
  }

  // ── screenshots ────────────────────────────────────────────────────────────────────────────

  async snap(moment: string): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true })
    const base = `${this.name}-${moment}`
    await this.page.screenshot({ path: join(SCREENSHOTS, `${base}-referee.png`), fullPage: true })
    await this.projector.screenshot({ path: join(SCREENSHOTS, `${base}-projector.png`) })
    this.screenshots.push(base)
  }
}
