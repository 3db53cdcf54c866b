/**
 * The report users file's `scope` column (docs/reports.md, "Report scopes"): parsed, checked against
 * the network, written, and read by the report routes' scope lookup.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@portal/db';
import { createReportScopeService } from '../modules/report-scope/report-scope.service.ts';
import { importCsv } from './import-csv.ts';
import { useTestDatabase } from '../testing/test-database.ts';
import { csv, DEMO_MODE_IMPORT as options, NETWORK_HEADER, problemsOf } from './testing/csv-files.ts';

const NETWORK = csv(
  NETWORK_HEADER,
  '010,Northeast,65,011,Boston,011001,Boston North,10001,Morgan Motors,Boston,MA,2',
  '020,Mid-Atlantic,60,021,Philadelphia,021001,Philadelphia East,10003,Keystone Motor Company,Philadelphia,PA,',
);

describe('report users with a scope', () => {
  const t = useTestDatabase();
  const users = async () =>
    rowsOf<{ email: string; level: string | null; code: string | null }>(
      await t.database.db.execute(sql`select email, report_scope_level as level, report_scope_code as code from report_users order by email`),
    );
  const importUsers = (content: string, withNetwork = false) =>
    importCsv(t.database.db, { ...(withNetwork ? { network: { name: 'stores.csv', content: NETWORK } } : {}), reportUsers: { name: 'users.csv', content } }, options);

  it('refuses a malformed scope or one naming a code outside the network, writing nothing', async () => {
    const result = await importUsers(
      csv('email,scope', 'a@corp.example.com,zone:011', 'b@corp.example.com,county:5', 'c@corp.example.com,region:10', 'd@corp.example.com,district:'),
    );
    expect(problemsOf(result)).toEqual([
      'users.csv:3: scope: must be network, region:CODE, zone:CODE or district:CODE, got "county:5"',
      'users.csv:4: scope: must be network, region:CODE, zone:CODE or district:CODE, got "region:10"',
      'users.csv:5: scope: must be network, region:CODE, zone:CODE or district:CODE, got "district:"',
      'users.csv:2: scope: there is no zone 011 in the network',
    ].sort((a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1])));
    expect(await users()).toEqual([]);
  });

  it('accepts codes of the network file imported with it, and the report lookup reads them', async () => {
    const result = await importUsers(
      csv('email,name,active,scope', 'Zone.Desk@corp.example.com,Zone desk,true,ZONE:011', 'region.desk@corp.example.com,,,region:020', 'all.desk@corp.example.com,,,network', 'plain@corp.example.com,,,'),
      true,
    );
    expect(problemsOf(result)).toEqual([]);
    expect(await users()).toEqual([
      { email: 'all.desk@corp.example.com', level: 'network', code: null },
      { email: 'plain@corp.example.com', level: null, code: null },
      { email: 'region.desk@corp.example.com', level: 'region', code: '020' },
      { email: 'zone.desk@corp.example.com', level: 'zone', code: '011' },
    ]);
    expect(await createReportScopeService({ db: t.database.db }).load({ personId: null, email: 'zone.desk@corp.example.com' })).toEqual({ level: 'zone', region: '010', zone: '011' });
  });

  it('changes and clears a scope on a later import; the same file again changes nothing', async () => {
    const file = csv('email,scope', 'zone.desk@corp.example.com,district:011001', 'region.desk@corp.example.com,');
    const first = await importUsers(file);
    expect(first.ok && first.counts.reportUsers).toEqual({ inserted: 0, updated: 2, unchanged: 0 });
    const again = await importUsers(file);
    expect(again.ok && again.counts.reportUsers).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    const rows = await users();
    expect(rows.find((u) => u.email === 'zone.desk@corp.example.com')).toEqual({ email: 'zone.desk@corp.example.com', level: 'district', code: '011001' });
    expect(rows.find((u) => u.email === 'region.desk@corp.example.com')).toEqual({ email: 'region.desk@corp.example.com', level: null, code: null });
  });
});
