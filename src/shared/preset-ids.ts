/** The three presets' ids: the one list (a ruleset's `base` in ruleset.ts is one of them). */
export const PRESET_IDS = ['maffiasig', 'estonian', 'swedish'] as const
export type PresetId = (typeof PRESET_IDS)[number]
