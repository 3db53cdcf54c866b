/**
 * Where a report request's time goes: the real app (PostgreSQL by default) with demo stores, one report
 * under 10 connections from a load generator in its own process, this process (the app) under the V8
 * CPU profiler. The per-request Node cost does not depend on the network's size (reports read the
 * maintained counts), so a small network shows it as well as 50,000 stores.
 *   node --import tsx bench/reports/profile-reports.ts [--report region|zone|district|detail] [--stores 2000] [--seconds 8] [--engine postgres|pglite] [--connections 10] [--out /tmp/report.cpuprofile]
 */
import { asc, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { startBenchServer, type Engine } from '../lib/bench-server.ts';
import { profileLoad } from '../lib/cpu-profile.ts';

const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const seconds = Number(args.get('--seconds') ?? 8);
const engine = (args.get('--engine') || 'postgres') as Engine;
const stores = Number(args.get('--stores') ?? 2000);
const report = args.get('--report') || 'region';
const connections = Number(args.get('--connections') || 10);
const out = args.get('--out') || `/tmp/report-${report}.cpuprofile`;

const server = await startBenchServer(engine, stores);
try {
  const login = await fetch(`${server.url}/User/ProcessLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'corp.user@corp.example.com', password: 'CORP27', eventType: 'nbc', IsReporting: false }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const [district] = await server.database.db
    .select({ code: schema.districts.code })
    .from(schema.districts)
    .where(eq(schema.districts.zoneCode, '011'))
    .orderBy(asc(schema.districts.code))
    .limit(1);
  const base = { region: '', zone: '', district: '', select: 'ALL' };
  const cases: Record<string, { level: string; body: object }> = {
    region: { level: 'Region', body: base },
    zone: { level: 'Zone', body: { ...base, region: '010' } },
    district: { level: 'District', body: { ...base, region: '010', zone: '011' } },
    detail: { level: 'District', body: { ...base, region: '010', zone: '011', district: district!.code } },
  };
  const c = cases[report];
  if (!c) throw new Error(`--report must be one of ${Object.keys(cases).join(', ')}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
  console.log(`${engine}, ${stores} stores, ${report} report, ${connections} connections:`);
  await profileLoad({ url: server.url, path: `/api/Report/GetEnrollments?reportLevel=${c.level}`, method: 'POST', headers, bodies: [JSON.stringify(c.body)], connections }, seconds, out);
} finally {
  await server.close();
}
