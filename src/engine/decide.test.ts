import { expect, it } from 'vitest'
import { commandSchema } from '../shared/commands'
import { PROCEDURES } from './decide'

it('every command type is in exactly one procedure list', () => {
  const listed = PROCEDURES.flatMap((p) => [...p.commands] as string[])
  const types = commandSchema.options.map((o) => o.shape.type.value as string)
  expect([...listed].sort()).toEqual([...types].sort())
  expect(new Set(listed).size).toBe(listed.length)
})
