/**
 * A vitest reporter that prints the slowest test files at the end of a run (wall time of each file:
 * environment, setup, import and its tests and hooks), so a file that grows slow is seen in every run.
 * SLOWEST_FILES sets how many are listed (default 10; 0 turns the list off).
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = Number(process.env.SLOWEST_FILES ?? 10);
    if (!count || testModules.length === 0) return;
    const rows = testModules
      .map((module) => {
        const d = module.diagnostic();
        const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
        return { ms, name: `${relative(process.cwd(), module.moduleId)} [${module.project.name}]`, tests: [...module.children.allTests()].length };
      })
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.name}`);
    process.stdout.write(`\n Slowest test files (wall time per file):\n${lines.join('\n')}\n\n`);
  }
}
