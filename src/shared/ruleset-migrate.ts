import { SOURCE_LANGUAGE } from './glossary'
import { presetNames } from './role-names'
import { ROLE_IDS } from './roles'
import type { PresetId } from './preset-ids'

/**
 * Rulesets written before the names per language had `roleNames` (English) and `roleNamesNative`
 * (the source text's language). They are read into `names`: the preset's words in every language,
 * with any name the club changed kept in its language — nothing is lost.
 */
const OLD: Record<PresetId, { en: Record<string, string>; native: Record<string, string> }> = {
  maffiasig: {
    en: { mafia: 'Mafioso', investigator: 'Inspector', doctor: 'Doctor', citizen: 'Citizen' },
    native: { mafia: 'Maffiózó', investigator: 'Felügyelő', doctor: 'Orvos', citizen: 'Polgár' },
  },
  estonian: {
    en: { mafia: 'Mafia', investigator: 'Police officer', doctor: 'Doctor', citizen: 'Villager' },
    native: { mafia: 'Maffia', investigator: 'Politseinik', doctor: 'Arst', citizen: 'Külaelanik' },
  },
  swedish: {
    en: { mafia: 'Mafia', investigator: 'Constable', doctor: 'Doctor', citizen: 'Farmer' },
    native: { mafia: 'Maffia', investigator: 'Konstapel', doctor: 'Doktor', citizen: 'Bonde' },
  },
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

export function migrateRuleset(x: unknown): unknown {
  if (!isRecord(x) || Object.hasOwn(x, 'names') || !Object.hasOwn(x, 'roleNames')) return x
  const { roleNames, roleNamesNative, ...rest } = x
  const base = rest.base
  if (typeof base !== 'string' || !Object.hasOwn(OLD, base)) return x
  const old = OLD[base as PresetId]
  const names = presetNames(base as PresetId)
  const source = SOURCE_LANGUAGE[base as PresetId]
  for (const role of ROLE_IDS) {
    const en = isRecord(roleNames) ? roleNames[role] : undefined
    const native = isRecord(roleNamesNative) ? roleNamesNative[role] : undefined
    // A name that is not the old preset's own was the club's: keep it (an invalid one fails the schema, as before).
    if (en !== old.en[role]) (names.en.roleNames as Record<string, unknown>)[role] = en
    if (native !== old.native[role] && roleNamesNative !== undefined) (names[source].roleNames as Record<string, unknown>)[role] = native
  }
  return { ...rest, names }
}
