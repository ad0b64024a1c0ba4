/** The part of madge (no types of its own) that test/no-cycles.test.ts uses. */
declare module 'madge' {
  interface MadgeConfig {
    fileExtensions?: string[]
    tsConfig?: string
    excludeRegExp?: RegExp[]
    detectiveOptions?: Record<string, Record<string, unknown>>
  }
  interface MadgeResult {
    /** Each file (relative to the base folder) and the files it imports. */
    obj(): Record<string, string[]>
    /** Every cycle, as the files on it. */
    circular(): string[][]
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>
}
