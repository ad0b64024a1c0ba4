import { withOptionDefaults, type PresetId, type Ruleset, type RulesetInput } from '../../shared/ruleset'
import { estonian } from './estonian'
import { maffiasig } from './maffiasig'
import { swedish } from './swedish'

/** The presets, each option they leave out at its default (OPTION_DEFAULTS). */
export const PRESETS: Readonly<Record<PresetId, Ruleset>> = { maffiasig: full(maffiasig), estonian: full(estonian), swedish: full(swedish) }

function full(r: RulesetInput): Ruleset {
  return { ...r, options: withOptionDefaults(r.options) }
}

/** A fresh copy of a preset, safe to change. */
export const preset = (id: PresetId): Ruleset => structuredCloneRuleset(PRESETS[id])

function structuredCloneRuleset(r: Ruleset): Ruleset {
  return { ...r, names: structuredClone(r.names), options: { ...r.options, nightOrder: [...r.options.nightOrder] } }
}
