// `npm run bench`: every benchmark in turn (after `npm run build`). Each writes its figures to the
// console; the recorded figures and the commands that produced them are in docs/benchmarks.md.
// Run on an otherwise idle machine: the load generator shares its cores with the server.
import { execFileSync } from 'node:child_process';

const tsx = ['node', ['--expose-gc', '--import', 'tsx']];
const runs = [
  ['login', 'bench/login/login.bench.ts', ['--engine', 'both']],
  ['content', 'bench/content/content.bench.ts', ['--engine', 'both']],
  ['reports', 'bench/reports/reports.bench.ts', ['--engine', 'both', '--stores', '5000']],
  ['scale postgres', 'bench/reports/scale.bench.ts', ['--engine', 'postgres', '--stores', '50000']],
  ['scale pglite', 'bench/reports/scale.bench.ts', ['--engine', 'pglite', '--stores', '5000']],
  ['retailer report', 'bench/retailer-report/retailer-report.bench.ts', ['--engine', 'both', '--runs', '1']],
  ['hierarchy workbook', 'bench/report-insights/hierarchy-workbook.bench.ts', ['--engine', 'both', '--stores', '5000,50000', '--runs', '1']],
  ['admin search', 'bench/admin/admin-search.bench.ts', ['--engine', 'postgres']],
  ['session join', 'bench/sessions/join.bench.ts', ['--engine', 'postgres']],
  ['demo data', 'bench/demo-data/run.ts', ['--runs', '1', '--stores', '5000']],
  ['web budget', 'bench/web-budget/web-budget.bench.ts', []],
  ['web export', 'bench/web-export/web-export.bench.ts', ['--runs', '1']],
  ['lighthouse', 'bench/lighthouse/lighthouse.bench.ts', ['--runs', '1']],
];
const only = process.argv.slice(2);
for (const [name, script, args] of runs) {
  if (only.length && !only.includes(name.split(' ')[0])) continue;
  console.log(`\n=== ${name}: ${script} ${args.join(' ')}`);
  execFileSync(tsx[0], [...tsx[1], script, ...args], { stdio: 'inherit' });
}
