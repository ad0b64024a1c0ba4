/// <reference types="vite/client" />

// Lets plain `tsc` (and editors without the Vue language tools) import single-file components.
// vue-tsc type-checks the real .vue files and ignores this shim.
declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}
