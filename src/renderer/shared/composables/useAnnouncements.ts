import { useRoomI18n } from './useRoomI18n'
import type { RoleId } from '../../../shared/roles'
import type { RulesetNames } from '../../../shared/ruleset'
import type { ProjectorSeat, PublicAnnouncement } from '../../../shared/views'
import { useRoleNames } from './useRoleNames'
import { seatName } from '../names'

/** Words for the public announcements (projector and referee preview alike). */
export function useAnnouncements() {
  const { t } = useRoomI18n()
  const { roleName, winnerText } = useRoleNames()

  function text(a: PublicAnnouncement, seats: readonly ProjectorSeat[], names: RulesetNames): string {
    const name = (p: number) => seatName(seats, p)
    const withRole = (base: string, role: RoleId | null) => (role ? t('announce.withRole', { text: base, role: roleName(names, role) }) : base)
    switch (a.kind) {
      case 'nightResult':
        return a.deaths.length === 0
          ? t('announce.nightNobody', { night: a.night })
          : t('announce.nightDeaths', {
              night: a.night,
              names: a.deaths
                .map((p) => {
                  const role = seats[p]?.role ?? null
                  return role ? t('announce.nameWithRole', { name: name(p), role: roleName(names, role) }) : name(p)
                })
                .join(', '),
            })
      case 'executed':
        return withRole(t('announce.executed', { name: name(a.player) }), a.role)
      case 'randomDeath':
        return withRole(t('announce.randomDeath', { name: name(a.player) }), a.role)
      case 'noExecution':
        // A tie names who tied and with how many votes: the room sees why nobody dies.
        return a.tie
          ? t('announce.noExecution.tieBetween', { day: a.day, names: a.tie.seats.map(name).join(', '), n: a.tie.votes }, a.tie.votes)
          : t(`announce.noExecution.${a.reason}`, { day: a.day })
      case 'voteResult':
        return t(`announce.voteResult.${a.vote}${a.passed ? '' : 'Failed'}`, { name: name(a.player), yes: a.yes, needed: a.needed })
      case 'refereeHandover':
        return t('announce.handover', { name: name(a.player) })
      case 'gameOver':
        return winnerText(names, a.winner)
    }
  }

  return { text }
}
