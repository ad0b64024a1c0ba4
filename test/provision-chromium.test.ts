/** `npm test` provisions its browser: test/support/provision-chromium.ts, with the finder and installer faked. */
import { describe, expect, it } from 'vitest'
import { provisionChromium, type ProvisionDeps } from './support/provision-chromium'

function deps(options: {
  skipped?: boolean
  before?: string
  after?: string
  outcome?: number | string
}): ProvisionDeps & { installs: number; lines: string[] } {
  let installed = false
  const fake = {
    installs: 0,
    lines: [] as string[],
    skipped: options.skipped ?? false,
    find: () => (installed ? options.after : options.before),
    install: () => {
      fake.installs++
      installed = true
      return Promise.resolve(options.outcome ?? 0)
    },
    log: (line: string) => void fake.lines.push(line),
  }
  return fake
}

describe('provisioning Chromium for the browser tests', () => {
  it('uses a Chromium that is there, installing nothing', async () => {
    const fake = deps({ before: '/usr/bin/chromium' })
    expect(await provisionChromium(fake)).toBe('/usr/bin/chromium')
    expect(fake.installs).toBe(0)
    expect(fake.lines).toEqual([])
  })

  it('with none, runs Playwright’s installer once and uses what it installed', async () => {
    const fake = deps({ after: '/home/me/.cache/ms-playwright/chromium/chrome' })
    expect(await provisionChromium(fake)).toBe('/home/me/.cache/ms-playwright/chromium/chrome')
    expect(fake.installs).toBe(1)
    expect(fake.lines[0]).toContain('npx playwright install chromium')
  })

  it('when the installer fails, carries on without throwing and says so', async () => {
    const fake = deps({ outcome: 1 })
    expect(await provisionChromium(fake)).toBeUndefined()
    expect(fake.installs).toBe(1)
    expect(fake.lines.at(-1)).toMatch(/did not provide a Chromium \(it exited with code 1\)/)
  })

  it('does nothing when the browser tests are skipped knowingly', async () => {
    const fake = deps({ skipped: true })
    expect(await provisionChromium(fake)).toBeUndefined()
    expect(fake.installs).toBe(0)
  })
})
