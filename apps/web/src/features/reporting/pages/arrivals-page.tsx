import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import Button from 'react-bootstrap/Button';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import type { ArrivalsData, NotArrivedData } from '@portal/contracts';
import { downloadReportFile } from '../api/download-hierarchy-workbook.ts';
import { NOT_ARRIVED_PAGE_SIZE, useArrivals, useNotArrived, type ArrivalsLevel } from '../api/get-arrivals.ts';
import { EventSelect } from '../components/event-select.tsx';
import { ExcelExportButton } from '../components/hierarchy-workbook-button.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { queryStateProps } from '../../../components/ui/table/report-table.tsx';
import { ExcelReportTable } from '../components/excel-report-table.tsx';
import { useInsightEvent } from '../hooks/use-insight-event.ts';
import { insightName } from '../insight-catalogue.ts';
import { reportingPaths } from '../reporting-paths.ts';
import type { ReportColumn } from '../../../components/ui/table/report-columns.ts';
import type { Translate } from '../utils/report-columns.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';
import { Strong } from '../components/strong.tsx';

type ArrivalsRow = ArrivalsData['rows'][number];
type NotArrivedRow = NotArrivedData['rows'][number];

const NEXT: Record<ArrivalsLevel, ArrivalsLevel | null> = { Region: 'Zone', Zone: 'District', District: null };

/** Each level's name in the catalog. */
const LEVEL_NAMES: Record<ArrivalsLevel, MessageId> = { Region: 'reporting.level.region', Zone: 'reporting.level.zone', District: 'reporting.level.district' };

const arrivalsColumns = (t: Translate, level: ArrivalsLevel): ReportColumn<ArrivalsRow>[] => [
  { key: 'code', header: t(LEVEL_NAMES[level]), value: (r) => r.code, named: (r) => r.name, wrap: 'nowrap' },
  { key: 'enrolled', header: t('reporting.column.enrolled'), value: (r) => r.enrolled, format: 'number' },
  { key: 'arrived', header: t('reporting.column.arrived'), value: (r) => r.arrived, format: 'number' },
  { key: 'pct', header: t('reporting.column.pctArrived'), value: (r) => r.pctArrived, format: 'number' },
];

const notArrivedColumns = (t: Translate): ReportColumn<NotArrivedRow>[] => [
  { key: 'name', header: t('reporting.column.attendeeName'), value: (r) => r.attendeeName },
  { key: 'type', header: t('reporting.column.attendeeType'), value: (r) => r.attendeeType },
  { key: 'dlrnum', header: t('reporting.column.storeCode'), value: (r) => r.dlrnum, wrap: 'nowrap' },
  { key: 'store', header: t('reporting.column.storeName'), value: (r) => r.storeName },
  { key: 'district', header: t('reporting.level.district'), value: (r) => r.district, wrap: 'nowrap' },
  { key: 'zone', header: t('reporting.level.zone'), value: (r) => r.zone, wrap: 'nowrap' },
];

/**
 * Arrivals during the event within the caller's report scope (the server enforces it): enrolled and
 * arrived by region, zone or district (a row's code drills down), and who has not arrived yet. The
 * page refreshes itself every 10 seconds while open.
 */
export function ArrivalsPage() {
  const t = useT();
  const fmt = useFormat();
  const name = t(insightName('arrivals'));
  const notArrivedList = useMemo(() => notArrivedColumns(t), [t]);
  const [event, setEvent] = useInsightEvent();
  const [level, setLevel] = useState<ArrivalsLevel>('Region');
  const [area, setArea] = useState({ region: '', zone: '' });
  const [page, setPage] = useState(1);
  const arrivals = useArrivals(event, level, area);
  const notArrived = useNotArrived(event, area, page);
  const total = arrivals.data?.total;
  const drill = (row: ArrivalsRow) => {
    const next = NEXT[level];
    if (!next) return;
    setArea(level === 'Region' ? { region: row.code, zone: '' } : { ...area, zone: row.code });
    setLevel(next);
    setPage(1);
  };
  const reset = () => {
    setArea({ region: '', zone: '' });
    setLevel('Region');
    setPage(1);
  };
  const exportQuery = (what: string) => ({ event, what, reportLevel: level, ...(area.region ? { region: area.region } : {}), ...(area.zone ? { zone: area.zone } : {}) });

  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <EventSelect value={event} onChange={(next) => { setEvent(next); reset(); }} />
        <SelectField
          id="arrivals-level"
          label={t('reporting.arrivals.by')}
          inline
          size="sm"
          value={level}
          onChange={setLevel}
          options={(Object.keys(LEVEL_NAMES) as ArrivalsLevel[]).map((option) => ({ value: option, label: t(LEVEL_NAMES[option]) }))}
        />
        {(area.region || area.zone) && (
          <Button size="sm" variant="outline-secondary" onClick={reset}>
            {area.zone ? t('reporting.arrivals.showAllZone', { code: area.zone }) : t('reporting.arrivals.showAllRegion', { code: area.region })}
          </Button>
        )}
        <span className="small text-body-secondary">{t('reporting.arrivals.refreshes')}</span>
      </div>
      {total && (
        <p aria-live="polite">
          {total.enrolled ? (
            <FormattedMessage
              id="reporting.arrivals.summary"
              values={{ arrived: total.arrived, enrolled: total.enrolled, percent: fmt.percent(total.arrived / total.enrolled, { minimumFractionDigits: 1, maximumFractionDigits: 1 }), b: Strong }}
            />
          ) : (
            <FormattedMessage id="reporting.arrivals.summaryNone" values={{ arrived: total.arrived, enrolled: total.enrolled, b: Strong }} />
          )}
        </p>
      )}
      <ExcelReportTable
        label={t('reporting.arrivals.tableLabel', { name, level, event })}
        columns={arrivalsColumns(t, level)}
        rows={arrivals.data?.rows ?? []}
        rowKey={(row) => row.code}
        {...queryStateProps(arrivals)}
        emptyText={t('reporting.arrivals.empty')}
        footerRows={total ? [[t('reporting.arrivals.total'), total.enrolled, total.arrived, total.enrolled ? Math.round((total.arrived / total.enrolled) * 1000) / 10 : 0]] : []}
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/Arrivals/Export', exportQuery('arrivals'), `arrivals-${event}.xlsx`, signal)} />}
        renderCell={(column, row, text) =>
          column.key === 'code' && NEXT[level] ? (
            <Button variant="link" size="sm" className="p-0" onClick={() => drill(row)} aria-label={t('reporting.arrivals.drill', { name: row.name, code: row.code, level: NEXT[level] })}>
              {text}
            </Button>
          ) : (
            text
          )
        }
      />
      <h2 className="h5 mt-4">{t('reporting.arrivals.notArrived')}</h2>
      <ExcelReportTable
        label={t('reporting.arrivals.notArrivedLabel', { event })}
        columns={notArrivedList}
        rows={notArrived.data?.rows ?? []}
        rowKey={(row) => String(row.registrationId)}
        {...queryStateProps(notArrived)}
        emptyText={t('reporting.arrivals.everyoneArrived')}
        exportControl={<ExcelExportButton download={(signal) => downloadReportFile('/api/Report/Arrivals/Export', exportQuery('not-arrived'), `not-arrived-${event}.xlsx`, signal)} />}
        paging={
          notArrived.data && {
            label: t('reporting.arrivals.notArrivedPages'),
            total: notArrived.data.total,
            offset: (page - 1) * NOT_ARRIVED_PAGE_SIZE,
            limit: NOT_ARRIVED_PAGE_SIZE,
            busy: notArrived.isPlaceholderData,
            onChange: (offset) => setPage(offset / NOT_ARRIVED_PAGE_SIZE + 1),
          }
        }
      />
    </ReportPageLayout>
  );
}
