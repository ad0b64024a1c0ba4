/**
 * Helpers for the engine's tests: a scripted-game builder and random games. Test files only —
 * product code must never import from here.
 */
export * from './builder'
export * from './random'
