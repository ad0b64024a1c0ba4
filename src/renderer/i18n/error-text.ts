import type { ApiError } from '../../shared/api'

type Translate = (key: string, params?: Record<string, unknown>) => string
type Exists = (key: string, locale?: string) => boolean

/**
 * A refusal in the window's language, by its code (`errors.<code>`, filled with `params`), never the
 * host's English words (which may carry a schema library's text). A file problem adds its kind
 * (`fileProblem.<kind>`, with its path or command); a `report` parameter adds a short code to report.
 * A code no locale knows reads as one sentence plus that code.
 */
export function errorText(e: ApiError, t: Translate, te: Exists): string {
  const p = e.params ?? {}
  if (!te(`errors.${e.code}`, 'en')) return t('errors.unexpected', { report: e.code })
  const parts = [t(`errors.${e.code}`, p)]
  if (typeof p.kind === 'string' && te(`fileProblem.${p.kind}`, 'en')) parts.push(t(`fileProblem.${p.kind}`, p))
  if (p.report !== undefined) parts.push(t('errors.report', p))
  return parts.join(' ')
}
