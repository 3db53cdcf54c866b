/**
 * POST /api/Admin/Import?kind=&dryRun= with the CSV text as the body (`text/csv`). A dry run only
 * checks; a commit writes all rows or, with any problem, none.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS, type ImportKind, type ImportResult } from '@portal/contracts';
import { adminFetch } from './admin-client.ts';
import { adminKeys } from './query-keys.ts';

export interface ImportInput {
  kind: ImportKind;
  csv: string;
  dryRun: boolean;
}

export function runImport({ kind, csv, dryRun }: ImportInput): Promise<ImportResult> {
  return adminFetch<ImportResult>(ADMIN_PATHS.import, { method: 'POST', query: { kind, dryRun }, text: csv, contentType: 'text/csv; charset=utf-8' });
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: (result) => {
      // Committed rows change what every console list shows.
      if (result.committed) return queryClient.invalidateQueries({ queryKey: adminKeys.all });
      return undefined;
    },
  });
}
