import type { GameFile } from '../game-file'
import type { Ruleset } from '../ruleset'
import { SEAT_FIELDS } from '../commands'
import type { Presets } from './short-form'

/**
 * The short form of a full game file, for people to read and extend by hand: the ruleset as its
 * preset and the options that differ, the deal by name (citizens left out), players in commands
 * by name. normalizeGameFile() turns it back into exactly the same full form (tested). A part the
 * short form cannot say (a ruleset with its own id or role names, a physical deal, names that only
 * differ in case) stays in the full form.
 */
export function toShortForm(file: GameFile, presets: Presets): Record<string, unknown> {
  const { players } = file
  const folded = new Set(players.map((p) => p.normalize('NFC').trim().toLowerCase()))
  const byName = folded.size === players.length
  const name = (seat: unknown) => (typeof seat === 'number' && byName ? (players[seat] ?? seat) : seat)
  return {
    ...file,
    ruleset: shortRuleset(file.ruleset, presets),
    deal: byName && file.deal.mode === 'digital' && file.deal.roles.every((r) => r !== null) ? shortDeal(file) : file.deal,
    commands: file.commands.map((c) => {
      const out: Record<string, unknown> = { ...c }
      for (const field of SEAT_FIELDS) {
        if (!Object.hasOwn(out, field)) continue
        const v = out[field]
        out[field] = Array.isArray(v) ? v.map(name) : name(v)
      }
      return out
    }),
  }
}

function shortRuleset(r: Ruleset, presets: Presets): Ruleset | Record<string, unknown> {
  const base = presets[r.base]
  if (r.id !== base.id || !same(r.names, base.names)) return r
  const changes = Object.fromEntries(Object.entries(r.options).filter(([k, v]) => !same(v, (base.options as Record<string, unknown>)[k])))
  return { preset: r.base, ...(r.name !== base.name ? { name: r.name } : {}), ...(Object.keys(changes).length ? { changes } : {}) }
}

function shortDeal(file: GameFile): Record<string, string> {
  const out: Record<string, string> = {}
  file.deal.roles.forEach((role, seat) => {
    const player = file.players[seat]
    if (role && role !== 'citizen' && player !== undefined)
      Object.defineProperty(out, player, { value: role, enumerable: true, writable: true, configurable: true })
  })
  return out
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)
