import type { RefereeApi } from '../../shared/api'

declare global {
  interface Window {
    /** Exposed by src/preload/referee.ts (or a browser transport); absent in a plain browser. */
    readonly referee?: RefereeApi
  }
}

export {}
