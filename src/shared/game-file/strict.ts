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
  return walk({ shapes: new Map(), unions: new Map() }, schema, value, path, found)
}

/**
 * Zod builds `shape` and `options` on access; a file walks the same few schemas thousands of times,
 * so one walk keeps what it read of each schema.
 */
interface Memo {
  shapes: Map<z.ZodObject, { shape: Record<string, z.ZodType>; known: string[] }>
  unions: Map<z.ZodDiscriminatedUnion, { key: string; byTag: Map<string, z.ZodObject>; names: string[] }>
}

function walk(m: Memo, schema: z.ZodType, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  // Dispatch on the definition's type tag: cheaper than a chain of `instanceof` on every value.
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; discriminator?: string }
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return value === undefined || value === null ? value : walk(m, def.innerType as z.ZodType, value, path, found)
    case 'array':
      return Array.isArray(value) ? value.map((v, i) => walk(m, def.element as z.ZodType, v, [...path, i], found)) : value
    case 'union': {
      if (def.discriminator !== undefined) return discriminated(m, schema as z.ZodDiscriminatedUnion, value, path, found)
      // Only unions with a single object member are walked (none of the game file's unions has two).
      const objects = (def.options ?? []).filter((o) => o._zod.def.type === 'object')
      return objects.length === 1 && isRecord(value) ? walk(m, objects[0] as z.ZodType, value, path, found) : value
    }
    case 'object':
      return object(m, schema as z.ZodObject, value, path, found)
    case 'pipe': {
      // A schema that reads an older shape first (the ruleset's names: ruleset-migrate.ts): walk what it reads.
      const pipe = def as unknown as { in: z.ZodType; out: z.ZodType }
      const first = pipe.in._zod.def as { type: string; transform?: (v: unknown, ctx: unknown) => unknown }
      const read = first.type === 'transform' && first.transform ? first.transform(value, { issues: [] }) : value
      return walk(m, pipe.out, read, path, found)
    }
    default:
      return value
  }
}

function shapeOf(m: Memo, schema: z.ZodObject) {
  let s = m.shapes.get(schema)
  if (!s) {
    const shape = schema.shape as Record<string, z.ZodType>
    s = { shape, known: Object.keys(shape) }
    m.shapes.set(schema, s)
  }
  return s
}

function object(m: Memo, schema: z.ZodObject, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  if (!isRecord(value)) return value
  const { shape, known } = shapeOf(m, schema)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(shape, key)) out[key] = walk(m, shape[key] as z.ZodType, value[key], [...path, key], found)
    else found(problem([...path, key], `unknown key${didYouMean(key, known)}`))
  }
  return out
}

function discriminated(m: Memo, schema: z.ZodDiscriminatedUnion, value: unknown, path: Path, found: (p: FileProblem) => void): unknown {
  if (!isRecord(value)) return value
  let u = m.unions.get(schema)
  if (!u) {
    const key = (schema._zod.def as { discriminator: string }).discriminator
    const byTag = new Map<string, z.ZodObject>()
    for (const o of schema.options as z.ZodObject[]) {
      const tag = literalValue(shapeOf(m, o).shape[key])
      if (tag !== undefined) byTag.set(tag, o)
    }
    u = { key, byTag, names: [...byTag.keys()] }
    m.unions.set(schema, u)
  }
  const { key, byTag, names } = u
  const tag = value[key]
  const match = typeof tag === 'string' && byTag.has(tag) ? byTag.get(tag) : undefined
  if (match) return object(m, match, value, path, found)
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
