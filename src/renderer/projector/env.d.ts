import type { ProjectorApi } from '../../shared/api'

declare global {
  interface Window {
    /** Exposed by src/preload/projector.ts (or a browser transport); absent in a plain browser. */
    readonly projector?: ProjectorApi
  }
}

export {}
