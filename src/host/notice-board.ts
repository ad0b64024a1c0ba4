import type { ApiResult } from '../shared/api'
import type { Notice } from '../shared/notices'
import { OK, fail } from './result'

/** The host's notices to the referee (a damaged file set aside, nothing being saved…), until dismissed. */
export class NoticeBoard {
  private readonly list: Notice[] = []

  add(...notices: readonly Notice[]): void {
    this.list.push(...notices)
  }

  dismiss(index: number): ApiResult {
    if (index >= this.list.length) return fail('not-found', `There is no notice ${index}.`)
    this.list.splice(index, 1)
    return OK
  }

  all(): Notice[] {
    return [...this.list]
  }
}
