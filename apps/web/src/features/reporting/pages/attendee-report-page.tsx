import type { AttendeeReportType } from '@portal/contracts';
import { useEnrollmentReportsByType } from '../api/get-enrollment-reports-by-type.ts';
import { AttendeeTable } from '../components/attendee-table.tsx';
import { ReportPageLayout } from '../components/report-page-layout.tsx';
import { useReportName } from '../hooks/use-report-name.ts';
import { reportingPaths } from '../reporting-paths.ts';
import { ALL_CODES } from '@portal/contracts/rules';

type ByTypeKind = 'candidate' | 'corporate' | 'distributor' | 'sbr';

/** section 7 of docs/design/web-rules.md: candidate is region 010 with type 5; the others are ALL with types 2, 3 and 4. */
export const BY_TYPE_REQUESTS: Record<ByTypeKind, { regCode: string; rptType: AttendeeReportType }> = {
  candidate: { regCode: '010', rptType: 5 },
  corporate: { regCode: ALL_CODES, rptType: 2 },
  distributor: { regCode: ALL_CODES, rptType: 3 },
  sbr: { regCode: ALL_CODES, rptType: 4 },
};

export function AttendeeReportPage({ kind }: { kind: ByTypeKind }) {
  const name = useReportName(kind);
  const { regCode, rptType } = BY_TYPE_REQUESTS[kind];
  const query = useEnrollmentReportsByType(regCode, rptType);
  return (
    <ReportPageLayout heading={name} backTo={reportingPaths.menu()}>
      <AttendeeTable kind={kind} reportName={name} query={query} />
    </ReportPageLayout>
  );
}
