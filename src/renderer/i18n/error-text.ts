import type { ApiError } from '../../shared/api'
import { sentences, type Say } from '../../shared/phrasing'
import { reasonText } from '../../shared/refusals'
import type { RoleId } from '../../shared/roles'

type Translate = (key: string, params?: Record<string, unknown>) => string
type Exists = (key: string, locale?: string) => boolean
/** A role's words in the window's language (useRoleNames().roleParams with the game's names); null: no game. */
export type NameRole = ((role: RoleId, param: string) => Record<string, string>) | null

/**
 * A refusal in the window's language, by its code (`errors.<code>`, filled with `params`), never the
 * host's English words (which may carry a schema library's text). An engine refusal adds its reason
 * (`refusals.<reason>`, its roles named by `nameRole`: "Anna is dead.", "Waiting for the shot of
 * Bence."); a file problem adds its kind (`fileProblem.<kind>`, with its path or command); a
 * `report` parameter adds a short code to report. The sentences follow each other as the language
 * writes them (`join.sentences`: a space, none in Japanese). A code no locale knows reads as one
 * sentence plus that code.
 */
export function errorText(e: ApiError, t: Translate, te: Exists, nameRole: NameRole = null): string {
  const p = e.params ?? {}
  if (!te(`errors.${e.code}`, 'en')) return t('errors.unexpected', { report: e.code })
  const parts = [t(`errors.${e.code}`, p)]
  const reason = e.reason === undefined ? null : reasonText(e, t, nameRole)
  if (reason !== null) parts.push(reason)
  if (typeof p.kind === 'string' && te(`fileProblem.${p.kind}`, 'en')) parts.push(t(`fileProblem.${p.kind}`, p))
  if (p.report !== undefined) parts.push(t('errors.report', p))
  return sentences(t as Say, parts)
}
