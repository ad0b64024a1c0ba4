/**
 * A language's locale files merged into one tree, section into section: an area file holds its own
 * top-level sections, and a feature file (src/shared/locales/<lang>/features/<feature>.json) holds
 * every word of one game feature under the same key paths as if they were written in the areas
 * (`options.foulsToRemove.label`, `refusals.no-fouls`, `script.step.foul` …), so it adds to those
 * sections rather than replacing them. A key written in two files is an error of the files
 * (src/shared/locales/locales.test.ts); the later file wins.
 */
export type WordTree = { [key: string]: unknown }

const isTree = (x: unknown): x is WordTree => x !== null && typeof x === 'object' && !Array.isArray(x)

export function mergeWords(files: readonly unknown[]): WordTree {
  const out: WordTree = {}
  for (const file of files) if (isTree(file)) into(out, file)
  return out
}

function into(target: WordTree, source: WordTree): void {
  for (const [k, v] of Object.entries(source)) {
    const at = target[k]
    if (isTree(v)) {
      const next: WordTree = isTree(at) ? at : {}
      target[k] = next
      into(next, v)
    } else target[k] = v
  }
}
