import type { PresetId, Ruleset } from '../../shared/ruleset'
import { estonian } from './estonian'
import { maffiasig } from './maffiasig'
import { swedish } from './swedish'

export const PRESETS: Readonly<Record<PresetId, Ruleset>> = { maffiasig, estonian, swedish }

/** A fresh copy of a preset, safe to change. */
export const preset = (id: PresetId): Ruleset => structuredCloneRuleset(PRESETS[id])

function structuredCloneRuleset(r: Ruleset): Ruleset {
  return { ...r, names: structuredClone(r.names), options: { ...r.options, nightOrder: [...r.options.nightOrder] } }
}
