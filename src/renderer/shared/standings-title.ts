import type { StandingsPeriod } from '../../shared/api'

type T = (key: string, params?: Record<string, unknown>) => string
type D = (value: Date, options: Intl.DateTimeFormatOptions) => string

/**
 * The heading of a standings table, on the referee's club screen and on the projector alike:
 * "Tonight's standings", or "Season since <day>" (the day as the reader's language writes it), or
 * "Season" while no game has been saved.
 */
export function standingsTitle(t: T, d: D, period: StandingsPeriod, since: string | null): string {
  if (period === 'tonight') return t('club.standings')
  return since ? t('club.seasonSince', { date: d(new Date(`${since}T12:00:00`), { dateStyle: 'medium' }) }) : t('club.season')
}
