/**
 * Reading the projector board (the projector page, or the referee's preview of it) the way the
 * room sees it, and proving it shows no secret.
 */
import type { Page } from 'playwright'
import { expect } from 'vitest'
import type { GameModel } from './model'
import { YES } from './model'
import { around, containsWord, phaseTitle, roleWords, squash, t, winnerText } from './words'

export interface BoardSeat {
  seat: number
  /** The seat number shown on the seat (1-based: the seating order is public). */
  number: string
  name: string
  dead: boolean
  /** The role word on the seat, if any. */
  role: string | null
  /** A `role-…` class on the seat, if any. */
  roleClass: string | null
}

export interface Board {
  title: string
  seats: BoardSeat[]
  /** Yes/no votes: the progress line; plurality: each candidate's count. */
  vote: { progress: string | null; candidates: { seat: number; votes: string }[] } | null
  /** The newest announcement line. */
  latest: string | null
  winner: string | null
}

export const BOARD = '[data-test=projector-board]'

/** What the board shows now (null when there is no board: idle screen or not loaded). */
export async function readBoard(page: Page, root = BOARD): Promise<Board | null> {
  return page.evaluate((rootSelector) => {
    const squashText = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
    const board = document.querySelector(rootSelector)
    if (!board) return null
    const vote = board.querySelector('.vote-display')
    const winner = board.querySelector('[data-test=winner]')
    return {
      title: squashText(board.querySelector('h1.title')?.textContent),
      seats: [...board.querySelectorAll<HTMLElement>('li.seat')].map((li) => ({
        seat: Number(li.dataset['seat']),
        number: squashText(li.querySelector('.seat-no')?.textContent),
        name: squashText(li.querySelector('.name')?.textContent),
        dead: li.classList.contains('dead'),
        role: li.querySelector('[data-test=seat-role]') ? squashText(li.querySelector('[data-test=seat-role]')?.textContent) : null,
        roleClass: [...li.classList].find((c) => c.startsWith('role-')) ?? null,
      })),
      vote: vote
        ? {
            progress: vote.querySelector('[data-test=vote-progress]') ? squashText(vote.querySelector('[data-test=vote-progress]')?.textContent) : null,
            candidates: [...vote.querySelectorAll<HTMLElement>('li[data-candidate]')].map((li) => ({
              seat: Number(li.dataset['candidate']),
              votes: squashText(li.querySelector('.cand-votes')?.textContent),
            })),
          }
        : null,
      latest: board.querySelector('.announcements li.latest') ? squashText(board.querySelector('.announcements li.latest')?.textContent) : null,
      winner: winner ? squashText(winner.firstChild?.textContent) : null,
    }
  }, root)
}

/** The board the model says the room should see. */
export function expectedBoard(m: GameModel): Board {
  const over = m.phase === 'over'
  const v = m.vote
  return {
    title: phaseTitle(m.phase, m.nightNumber, m.dayNumber, m.stage),
    seats: m.names.map((name, seat) => {
      const shown = over || m.revealed[seat]
      const role = m.roles[seat]!
      return {
        seat,
        number: String(seat + 1),
        name,
        dead: !m.alive[seat],
        role: shown ? m.ruleset.names.en.roleNames[role] : null,
        roleClass: shown ? `role-${role}` : null,
      }
    }),
    vote:
      !v || over
        ? null
        : v.kind === 'plurality'
          ? { progress: null, candidates: v.candidates.map((seat) => ({ seat, votes: t('projector.votes', { n: m.voteCount(seat) }, m.voteCount(seat)) })) }
          : {
              progress: t('projector.yesNo', { needed: m.strictMajority(v.eligible.length), eligible: v.eligible.length, yes: m.voteCount(YES) }),
              candidates: [],
            },
    latest: m.announcement,
    winner: m.winner ? winnerText(m.winner, m.ruleset) : null,
  }
}

/** Wait until the board shows what the model says (the push may still be on its way). */
export async function expectBoard(page: Page, m: GameModel, where: string, root = BOARD): Promise<void> {
  const expected = expectedBoard(m)
  await expect.poll(() => readBoard(page, root), { timeout: 30_000, message: `${where}: the board shows the wrong thing` }).toEqual(expected)
}

/**
 * The page's whole DOM (text and every attribute) names no role of a player whose role is not
 * public. A role that is public for somebody (an Estonian execution) may appear only on that
 * player's seat and in announcements naming them; everywhere else it is still a secret.
 */
export async function expectNoSecrets(page: Page, m: GameModel, where: string): Promise<void> {
  if (m.phase === 'over') return
  const revealedSeats = m.names.map((_, p) => p).filter((p) => m.revealed[p])
  const revealedNames = revealedSeats.map((p) => m.names[p]!)
  const { full, stripped } = await page.evaluate(
    ({ seats, names }) => {
      const full = `${document.title}\n${document.documentElement.outerHTML}`
      const clone = document.documentElement.cloneNode(true) as HTMLElement
      for (const seat of seats) clone.querySelectorAll(`li.seat[data-seat="${seat}"]`).forEach((el) => el.remove())
      clone.querySelectorAll('.announcements li').forEach((li) => {
        if (names.some((n) => (li.textContent ?? '').includes(n))) li.remove()
      })
      return { full, stripped: `${document.title}\n${clone.outerHTML}` }
    },
    { seats: revealedSeats, names: revealedNames },
  )
  const publicRoles = new Set(revealedSeats.map((p) => m.roles[p]))
  const secretRoles = new Set(
    m.names
      .map((_, p) => p)
      .filter((p) => !m.revealed[p])
      .map((p) => m.roles[p]!),
  )
  const leaks: string[] = []
  for (const role of secretRoles) {
    const text = publicRoles.has(role) ? stripped : full
    for (const word of roleWords(m.ruleset, role)) {
      if (containsWord(text, word)) leaks.push(`"${word}" (${role}) in: …${squash(around(text, word))}…`)
    }
  }
  expect(leaks.join('\n'), `${where}: the projector shows a secret role`).toBe('')
}
