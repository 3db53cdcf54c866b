import type { StoreDataLevel } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { storeDataQuery } from '../api/get-store-data.ts';
import { STORE_EXPORTS } from '../utils/export-file-name.ts';
import { toSheetData } from '../utils/report-columns.ts';
import { storeExportColumns } from '../utils/store-columns.ts';
import { ExportButton } from './export-button.tsx';
import { useT } from '../../../i18n/use-t.ts';

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
  const t = useT();
  return (
    <div className="store-exports d-flex flex-wrap gap-2" role="group" aria-label={t('reporting.export.storesGroup')}>
      {STORE_EXPORTS.map((entry) => (
        <ExportButton
          key={entry.select}
          label={t(entry.label)}
          fileName={fileName}
          sheetName={t(entry.sheetName)}
          getData={async () =>
            toSheetData(
              storeExportColumns(t, isVirtual),
              await queryClient.fetchQuery(storeDataQuery(level, region, zone, entry.select)),
            )
          }
        />
      ))}
    </div>
  );
}
