/**
 * The report extras' service (docs/report-insights.md): coverage and its reminders, the timeline,
 * the nbc vs abc comparison, their exports, the hierarchy workbook and the weekly digest. The
 * routes resolve the caller's scope; `areaOf` checks a named area against it and everything else
 * takes the resulting SQL condition. The passes themselves are in `insights.ts`, `digest.ts`,
 * `insight-exports.ts` and `hierarchy-workbook.ts`; this binds them to the database and settings.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '@portal/db';
import type { DigestSubscription, EventType, Language } from '@portal/contracts';
import { audit, type AuditEntry } from '../../lib/audit.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { NamedArea, ReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import { askToConfirmDigestAddress, buildDigestWorkbook, getSubscription, runDigests, setSubscription } from './digest.ts';
import { prepareHierarchyWorkbook } from './hierarchy-workbook.ts';
import { prepareComparisonExport, prepareCoverageExport } from './insight-exports.ts';
import { coverage, eventComparison, remind, timeline, type PageRequest, type RemindInput } from './insights.ts';
import { areaCondition } from './report-insights.queries.ts';

export interface ReportInsightsServiceDeps {
  db: Db;
  /** The portal's address, for the digest address's confirmation link; without it none is sent. */
  publicUrl?: string;
  /** `REMINDERS_PER_RECIPIENT_DAY`: reminders and digests per address and UTC day. */
  remindersPerRecipientDay?: number;
  /** Checks named areas against the reader's scope and resolves a digest recipient's scope. */
  scopes: Pick<ReportScopeService, 'assertInScope' | 'load'>;
}

export function createReportInsightsService(deps: ReportInsightsServiceDeps) {
  const { db, publicUrl, remindersPerRecipientDay, scopes } = deps;
  return {
    /** The caller's scope narrowed to the named area, after checking the area lies inside it (403). */
    async areaOf(scope: ReportScope, area: NamedArea): Promise<SQL> {
      await scopes.assertInScope(scope, area);
      return areaCondition(scope, area);
    },
    coverage: (event: EventType, area: SQL, page: PageRequest) => coverage(db, event, area, page),
    coverageExport: (event: EventType, area: SQL, language: Language) => prepareCoverageExport(db, event, area, { language }),
    comparisonExport: (area: SQL, language: Language) => prepareComparisonExport(db, area, { language }),
    hierarchyWorkbook: (event: EventType, area: SQL, language: Language) => prepareHierarchyWorkbook(db, event, area, { language }),
    remind: (input: Omit<RemindInput, 'perRecipientDay' | 'now'>) => remind(db, { ...input, ...(remindersPerRecipientDay ? { perRecipientDay: remindersPerRecipientDay } : {}) }),
    timeline: (event: EventType, area: SQL) => timeline(db, event, area),
    eventComparison: (area: SQL, page: PageRequest) => eventComparison(db, area, page),
    /** A report download, audited. */
    recordDownload: (entry: Omit<AuditEntry, 'action' | 'success'>) => audit(db, { action: 'report-download', success: true, ...entry }),
    subscription: (user: AuthUser) => getSubscription(db, user),
    /**
     * Opts in or out of the weekly digest. Digests go to confirmed addresses only: an address typed
     * at a login is asked to confirm first (`confirm`: that link was mailed).
     */
    async subscribe(user: AuthUser, input: { subscribed: boolean; event?: EventType | undefined }): Promise<{ subscription: DigestSubscription; confirm: boolean }> {
      const subscription = await setSubscription(db, user, input);
      let confirm = false;
      if (subscription.subscribed && user.personId !== null && publicUrl) {
        confirm = await askToConfirmDigestAddress(db, { personId: user.personId, eventId: subscription.event, publicUrl });
      }
      return { subscription, confirm };
    },
    /** The weekly run: one digest per subscriber and window. */
    runDigests: (log: { warn(obj: object, msg: string): void }) => runDigests(db, scopes, new Date(), log, remindersPerRecipientDay),
    /** The digest's workbook, built again when its mail is delivered. */
    digestWorkbook: (executor: Db, params: Record<string, unknown>, language: Language) => buildDigestWorkbook(executor, scopes, params, undefined, language),
  };
}

export type ReportInsightsService = ReturnType<typeof createReportInsightsService>;
