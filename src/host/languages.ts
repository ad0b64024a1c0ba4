import { matchLanguage } from '../shared/languages'

/**
 * The windows' languages: the referee's choice, else the first of the system's languages that the
 * app speaks; the projector's own choice, else the referee's. Null: nothing chosen and no system
 * language the app speaks (a window then uses its own).
 */
export class WindowLanguages {
  private readonly system: string | null

  constructor(
    private readonly chosen: { readonly language: string | null; readonly projectorLanguage: string | null },
    systemLanguages: readonly string[],
  ) {
    this.system = matchLanguage(systemLanguages)
  }

  get referee(): string | null {
    return this.chosen.language ?? this.system
  }

  get projector(): string | null {
    return this.chosen.projectorLanguage ?? this.referee
  }
}
