/**
 * Turn flat dotted keys ('night.shots.read') into the nested objects vue-i18n resolves paths in.
 * A key that is both a leaf and a prefix of another keeps the leaf under '_' (none do today).
 */
export type NestedMessages = { [key: string]: string | NestedMessages }

export function nestMessages(flat: Record<string, string>): NestedMessages {
  const out: NestedMessages = {}
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.')
    let node = out
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      if (typeof next === 'string') node = node[part] = { _: next }
      else node = next ?? (node[part] = {})
    }
    const leaf = parts[parts.length - 1] as string
    const existing = node[leaf]
    if (existing !== undefined && typeof existing !== 'string') existing._ = value
    else node[leaf] = value
  }
  return out
}

/** Walk a nested message object by a dotted key; undefined when absent or not a string. */
export function lookupMessage(messages: unknown, key: string): string | undefined {
  let node: unknown = messages
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  if (typeof node === 'string') return node
  if (node !== null && typeof node === 'object' && typeof (node as Record<string, unknown>)._ === 'string')
    return (node as Record<string, string>)._
  return undefined
}
