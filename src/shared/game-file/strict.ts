import { z } from 'zod'
import { didYouMean } from './suggest'
import { problem, type FileProblem, type Path } from './problems'

/**
 * Unknown keys, found by walking a value alongside the schema it should match. Zod's objects strip
 * unknown keys silently; in a game file a stripped key is usually a typo ("acuser", "timr") that
 * changes what the file means, so each one is reported with its path and the closest known key.
 *
 * Returns a copy of the value without the unknown keys (what a version 1 reader made of it) and
 * calls `found` for each one. Values the schema does not describe are returned as they are: the
 * schema's own parse reports them.
 */
export function withoutUnknownKeys(schema: z.ZodType, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return value === undefined || value === null ? value : withoutUnknownKeys(schema.unwrap() as z.ZodType, value, path, found)
  }
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.map((v, i) => withoutUnknownKeys(schema.element as z.ZodType, v, [...path, i], found)) : value
  }
  if (schema instanceof z.ZodDiscriminatedUnion) return discriminated(schema, value, path, found)
  if (schema instanceof z.ZodUnion) {
    // Only unions with a single object member are walked (none of the game file's unions has two).
    const objects = (schema.options as z.ZodType[]).filter((o) => o instanceof z.ZodObject)
    return objects.length === 1 && isRecord(value) ? withoutUnknownKeys(objects[0] as z.ZodType, value, path, found) : value
  }
  if (schema instanceof z.ZodObject) return object(schema, value, path, found)
  return value
}

function object(schema: z.ZodObject, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  if (!isRecord(value)) return value
  const shape = schema.shape as Record<string, z.ZodType>
  const known = Object.keys(shape)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) out[key] = withoutUnknownKeys(shape[key] as z.ZodType, value[key], [...path, key], found)
    else found(problem([...path, key], `unknown key${didYouMean(key, known)}`))
  }
  return out
}

function discriminated(schema: z.ZodDiscriminatedUnion, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  if (!isRecord(value)) return value
  const key = (schema._zod.def as { discriminator: string }).discriminator
  const tag = value[key]
  const options = schema.options as z.ZodObject[]
  const tags = options.map((o) => literalValue((o.shape as Record<string, z.ZodType>)[key]))
  const match = typeof tag === 'string' ? options[tags.indexOf(tag)] : undefined
  if (match) return object(match, value, path, found)
  const names = tags.filter((t): t is string => typeof t === 'string')
  if (typeof tag === 'string') found(problem([...path, key], `unknown ${key} "${short(tag)}"${didYouMean(tag, names)}`))
  else found(problem([...path, key], tag === undefined ? `missing (one of ${names.join(', ')})` : `must be a string (one of ${names.join(', ')})`))
  return value
}

function literalValue(schema: z.ZodType | undefined): string | undefined {
  if (!(schema instanceof z.ZodLiteral)) return undefined
  const v: unknown = schema.value
  return typeof v === 'string' ? v : undefined
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A value quoted in a message, cut to a readable length. */
export const short = (s: string): string => (s.length > 40 ? `${s.slice(0, 40)}…` : s)
