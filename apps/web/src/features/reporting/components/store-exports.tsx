import type { StoreDataLevel } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { storeDataQuery } from '../api/get-store-data.ts';
import { STORE_EXPORTS } from '../utils/export-file-name.ts';
import { toSheetData } from '../utils/report-columns.ts';
import { storeExportColumns } from '../utils/store-columns.ts';
import { ExportButton } from './export-button.tsx';

export interface StoreExportsProps {
  /** Region: the stores of `region` (zone screen); Zone: the stores of `zone` (district screen). */
  level: StoreDataLevel;
  region: string;
  zone: string;
  fileName: string;
  isVirtual: boolean;
}

/** The all / enrolled / not enrolled store exports; each list is fetched on its click. */
export function StoreExports({ level, region, zone, fileName, isVirtual }: StoreExportsProps) {
  const queryClient = useQueryClient();
  return (
    <div className="store-exports d-flex flex-wrap gap-2" role="group" aria-label="Store exports">
      {STORE_EXPORTS.map((entry) => (
        <ExportButton
          key={entry.select}
          label={entry.label}
          fileName={fileName}
          sheetName={entry.sheetName}
          getData={async () =>
            toSheetData(
              storeExportColumns(isVirtual),
              await queryClient.fetchQuery(storeDataQuery(level, region, zone, entry.select)),
            )
          }
        />
      ))}
    </div>
  );
}
