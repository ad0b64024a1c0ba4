/** The policy logic of `npm run scan` (scripts/electronegativity.mjs), without running the scanner. */
import { describe, expect, it } from 'vitest'
import { engDisablesIn, evaluate, findingsFromCsv, parseCsv, parseErrorsIn } from '../scripts/electronegativity.mjs'

const HEADER = 'issue, severity, confidence, filename, location, sample, description, url'
const row = (id: string, severity: string, file: string): string =>
  `${id},"${severity}","FIRM","${file}","12:4","const w = new BrowserWindow({ a: ""b"", c })","Review, please",https://example/${id}`

describe('scan report parsing', () => {
  it('parses quoted fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,y,z,w\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', 'y', 'z', 'w'],
    ])
  })

  it('reads findings from the report', () => {
    const [finding] = findingsFromCsv(`${HEADER}\n${row('SANDBOX_JS_CHECK', 'MEDIUM', 'main\\windows.ts')}\n`)
    expect(finding).toMatchObject({
      id: 'SANDBOX_JS_CHECK',
      severity: 'MEDIUM',
      file: 'main/windows.ts',
      location: '12:4',
      sample: 'const w = new BrowserWindow({ a: "b", c })',
    })
  })

  it('refuses a damaged report instead of reading it as clean', () => {
    // What Electronegativity's racing writes produce: the header overwrites the first row.
    const damaged = `${HEADER}\nfault-src 'self'","One or more",https://x\n`
    expect(() => findingsFromCsv(damaged)).toThrow(/fields/)
    expect(() => findingsFromCsv(`garbage\n${row('X', 'HIGH', 'a.ts')}`)).toThrow(/header/)
  })

  it('finds parse errors in console output, colours and all', () => {
    const output = 'Starting scan...\n\u001b[31mError parsing /repo/src/a.ts - Unexpected token (1:6)\u001b[39m\nTolerable error parsing b.ts - x\n'
    expect(parseErrorsIn(output)).toEqual(['Error parsing /repo/src/a.ts - Unexpected token (1:6)'])
  })
})

describe('scan policy', () => {
  const finding = (id: string, severity: string, file: string) => ({
    id,
    severity,
    confidence: 'FIRM',
    file,
    location: '1:0',
    sample: '',
    description: '',
    url: '',
  })
  const justify = (rule: string, reason = 'because the window is sandboxed') => `// electronegativity-justified: ${rule} ${reason}\n`

  it('fails HIGH and MEDIUM findings, lists LOW and INFORMATIONAL', () => {
    const result = evaluate(
      [
        finding('A_CHECK', 'HIGH', 'a.ts'),
        finding('B_CHECK', 'MEDIUM', 'a.ts'),
        finding('C_CHECK', 'LOW', 'a.ts'),
        finding('D_CHECK', 'INFORMATIONAL', 'a.ts'),
      ],
      new Map([['a.ts', 'code']]),
    )
    expect(result.failing.map((f) => f.id)).toEqual(['A_CHECK', 'B_CHECK'])
    expect(result.informational.map((f) => f.id)).toEqual(['C_CHECK', 'D_CHECK'])
  })

  it('accepts a finding justified in the flagged file, with a reason', () => {
    const result = evaluate([finding('PRELOAD_JS_CHECK', 'MEDIUM', 'main/windows.ts')], new Map([['main/windows.ts', justify('PRELOAD_JS_CHECK')]]))
    expect(result.failing).toEqual([])
    expect(result.justified).toEqual([expect.objectContaining({ id: 'PRELOAD_JS_CHECK', reason: 'because the window is sandboxed' })])
  })

  it('does not accept a justification in another file, for another rule, or without a reason', () => {
    const flagged = [finding('PRELOAD_JS_CHECK', 'MEDIUM', 'main/windows.ts')]
    expect(
      evaluate(
        flagged,
        new Map([
          ['main/windows.ts', ''],
          ['main/other.ts', justify('PRELOAD_JS_CHECK')],
        ]),
      ).failing,
    ).toHaveLength(1)
    expect(evaluate(flagged, new Map([['main/windows.ts', justify('SANDBOX_JS_CHECK')]])).failing).toHaveLength(1)
    expect(evaluate(flagged, new Map([['main/windows.ts', '// electronegativity-justified: PRELOAD_JS_CHECK\n']])).failing).toHaveLength(1)
  })

  it('accepts an app-wide finding justified anywhere in the scanned tree', () => {
    const result = evaluate(
      [finding('CSP_GLOBAL_CHECK', 'MEDIUM', 'N/A')],
      new Map([['main/security.ts', justify('CSP_GLOBAL_CHECK', 'CSP is set by header')]]),
    )
    expect(result.failing).toEqual([])
    expect(result.justified[0]?.justifiedIn).toBe('main/security.ts')
  })

  it("flags Electronegativity's own eng-disable comments unless justified", () => {
    expect(engDisablesIn('new BrowserWindow({}) // eng-disable SANDBOX_JS_CHECK CONTEXT_ISOLATION_JS_CHECK')).toEqual([
      'SANDBOX_JS_CHECK',
      'CONTEXT_ISOLATION_JS_CHECK',
    ])
    const hidden = '/* eng-disable SANDBOX_JS_CHECK */ new BrowserWindow({ webPreferences: { sandbox: false } })'
    expect(evaluate([], new Map([['main/w.ts', hidden]])).unjustifiedDisables).toEqual([{ file: 'main/w.ts', rule: 'SANDBOX_JS_CHECK' }])
    expect(evaluate([], new Map([['main/w.ts', justify('SANDBOX_JS_CHECK') + hidden]])).unjustifiedDisables).toEqual([])
  })
})
