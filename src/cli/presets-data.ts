import { PRESETS } from '../engine'
import { PRESET_IDS, type PresetId, type Ruleset } from '../shared/ruleset'
import { UsageError } from './command'

/** The presets in their canonical order, and lookup by id with a helpful error. */
export const allPresets = (): Ruleset[] => PRESET_IDS.map((id) => PRESETS[id])

export function presetById(id: string | undefined): Ruleset {
  if (id === undefined) throw new UsageError('whichPreset', { presets: PRESET_IDS.join(', ') })
  const key = id.trim().toLowerCase()
  const found = PRESET_IDS.find((p) => p === key) ?? allPresets().find((r) => r.name.toLowerCase() === key)?.base
  if (!found) throw new UsageError('unknownPreset', { value: id, presets: PRESET_IDS.join(', ') })
  return PRESETS[found as PresetId]
}
