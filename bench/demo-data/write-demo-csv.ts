/**
 * Writes the demo network and rosters as import files (docs/csv-import.md), to measure the CSV import
 * at scale and to give operators realistic sample files.
 * Usage: npx tsx bench/demo-data/write-demo-csv.ts <folder> [stores, default 5000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDemoData } from '../../apps/server/src/demo/generate-demo-data.ts';
import { COLUMNS } from '../../apps/server/src/import/formats.ts';

const [folder, storesArg = '5000'] = process.argv.slice(2);
const stores = Number(storesArg);
if (!folder || !Number.isInteger(stores) || stores < 1) {
  console.error('usage: write-demo-csv.ts <folder> [stores]');
  process.exit(2);
}

const field = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const file = (name: string, header: readonly { name: string }[], rows: (string | number)[][]) => {
  const text = [header.map((c) => c.name).join(','), ...rows.map((r) => r.map(field).join(','))].join('\n') + '\n';
  writeFileSync(join(folder, name), text);
  return `${name}: ${rows.length} rows`;
};

const data = generateDemoData({ stores, seed: 27 });
const district = new Map(data.districts.map((d) => [d.code, d]));
const zone = new Map(data.zones.map((z) => [z.code, z]));
const region = new Map(data.regions.map((r) => [r.code, r]));
mkdirSync(folder, { recursive: true });

const network = data.stores.map((s) => {
  const d = district.get(s.districtCode)!;
  const z = zone.get(d.zoneCode)!;
  const r = region.get(z.regionCode)!;
  return [r.code, r.description, r.objectivePct, z.code, z.name, d.code, d.name, s.dlrnum, s.name, s.city, s.state, s.complimentarySeats];
});
const role = new Map<number, string>();
for (const s of data.stores) {
  role.set(s.executiveManager, s.generalManager === s.executiveManager ? 'executive_manager;general_manager' : 'executive_manager');
  if (s.generalManager !== null && s.generalManager !== s.executiveManager) role.set(s.generalManager, 'general_manager');
}
const rosters = data.people.flatMap((p, i) => (p.storeDlrnum ? [[p.storeDlrnum, p.email, p.firstName, p.lastName, role.get(i) ?? 'staff']] : []));

console.log(file('stores.csv', COLUMNS.network, network));
console.log(file('people.csv', COLUMNS.rosters, rosters));
