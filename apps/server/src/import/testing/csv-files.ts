/** What the CSV import's tests share: the access-code key, the options of an import, files written as lines, the problems read back. */
import { formatProblem } from '../csv-file.ts';
import type { CsvImportResult } from '../import-csv.ts';

export const TEST_CODE_HASH_KEY = new TextEncoder().encode('import-test-key-0123456789-0123456789');
/** The test files carry the demo codes: imports as in demo mode (the strict rule has its own tests). */
export const DEMO_MODE_IMPORT = { codeHashKey: TEST_CODE_HASH_KEY, reportEmailDomain: 'corp.example.com', allowWeakCodes: true };

/** The problems an import answered, as `file:line: column: message` lines; none when it succeeded. */
export const problemsOf = (result: CsvImportResult): string[] => (result.ok ? [] : result.problems.map(formatProblem));

/** A CSV file of these lines. */
export const csv = (...lines: string[]) => `${lines.join('\n')}\n`;

export const NETWORK_HEADER = 'region_code,region_name,objective_pct,zone_code,zone_name,district_code,district_name,dlrnum,store_name,city,state,complimentary_seats';
