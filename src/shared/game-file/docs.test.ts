import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { parseGameFile, replay } from '../../engine'
import { commandSchema } from '../commands'
import { rulesetOptionsSchema } from '../ruleset'

/**
 * docs/game-file.md is checked, not trusted: every ```json block in it is a whole game file that
 * reads and replays without a refusal, and a block marked "same game as examples/X.json" reads into
 * that file's game and replays to the same state (the short and the full form of each example).
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..')
const DOC = readFileSync(join(ROOT, 'docs', 'game-file.md'), 'utf8')
const BLOCKS = [...DOC.matchAll(/(?:<!-- same game as (examples\/[\w.-]+\.json) -->\n)?```json\n([\s\S]*?)\n```/g)].map((m, i) => ({
  name: `block ${i + 1}${m[1] ? ` (${m[1]})` : ''}`,
  same: m[1],
  text: m[2] as string,
}))

function play(input: unknown) {
  const p = parseGameFile(input)
  if (!p.ok) throw new Error(`${p.error.code}: ${p.error.message}`)
  const r = replay(p.value.setup, p.value.commands)
  if (!r.ok) throw new Error(`command #${r.error.index} refused: [${r.error.code}] ${r.error.message}`)
  return { file: p.value.file, state: r.value.state }
}

describe('docs/game-file.md', () => {
  test('has the short-form examples first, one per preset, and the full form after', () => {
    expect(BLOCKS.map((b) => b.same ?? 'ten lines')).toEqual([
      'ten lines',
      'examples/maffiasig-12.json',
      'examples/estonian-8.json',
      'examples/swedish-7-draw.json',
      'examples/swedish-7-draw.json',
    ])
    const short = BLOCKS.slice(0, 4).map((b) => JSON.parse(b.text) as { ruleset: object })
    expect(short.map((f) => f.ruleset)).toEqual([
      { preset: 'maffiasig', changes: { mafiaWinAtParity: false } },
      { preset: 'maffiasig' },
      { preset: 'estonian' },
      { preset: 'swedish' },
    ])
    expect((JSON.parse(BLOCKS[4]?.text ?? '{}') as { ruleset: object }).ruleset).toHaveProperty('options')
  })

  test.each(BLOCKS)('$name reads and replays without a refusal', ({ text, same }) => {
    const { file, state } = play(JSON.parse(text))
    if (!same) return
    const other = play(JSON.parse(readFileSync(join(ROOT, same), 'utf8')))
    const game = (f: typeof file) => ({ ruleset: f.ruleset, players: f.players, deal: f.deal, commands: f.commands })
    expect(game(file)).toEqual(game(other.file))
    expect(state).toEqual(other.state)
  })

  test('the ten-line file: seven players, a preset with a change, a named deal, commands by name', () => {
    const first = BLOCKS[0]?.text ?? ''
    expect(first.split('\n').length).toBe(10)
    const { state } = play(JSON.parse(first))
    expect(state.announcements.at(-1)).toMatchObject({ kind: 'executed', player: 5 })
    expect(DOC).toContain('Day 1: Feri was executed.')
  })

  test('it documents every command type and every ruleset option', () => {
    for (const type of commandSchema.options.map((o) => o.shape.type.value)) expect(DOC).toContain(`| \`${type}\` |`)
    for (const key of Object.keys(rulesetOptionsSchema.shape)) expect(DOC).toContain(`\`${key}\``)
  })
})
