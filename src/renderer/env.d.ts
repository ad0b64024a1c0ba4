/// <reference types="vite/client" />
import type { ProjectorApi, RefereeApi } from '../shared/api'

declare global {
  interface Window {
    /** The referee window's API (src/preload/referee.ts, or the browser transport). Absent in the projector window. */
    referee: RefereeApi
    /** The projector window's API (src/preload/projector.ts, or the browser transport). Absent in the referee window. */
    projector: ProjectorApi
  }
}

// Lets plain `tsc` (and editors without the Vue language tools) import single-file components.
// vue-tsc type-checks the real .vue files and ignores this shim.
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}
