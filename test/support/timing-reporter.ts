/**
 * A vitest reporter that only measures: for each test file, its project, when it started and ended,
 * and the time vitest spent on it (environment, set-up, import and tests). It writes them as JSON to
 * the file named by NIGHTFALL_TIMINGS at the end of the run; scripts/test.mjs prints the summary
 * (each project's duration and the ten slowest files). Without NIGHTFALL_TIMINGS it does nothing.
 */
import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'

export interface FileTiming {
  project: string
  file: string
  startedAt: number
  endedAt: number
  ms: number
  state: string
}

export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>()
  private readonly files: FileTiming[] = []

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.id, Date.now())
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic()
    const endedAt = Date.now()
    this.files.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      startedAt: this.started.get(module.id) ?? endedAt,
      endedAt,
      ms: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
      state: module.state(),
    })
  }

  onTestRunEnd(): void {
    const out = process.env['NIGHTFALL_TIMINGS']
    if (out) writeFileSync(out, JSON.stringify(this.files))
  }
}
