/**
 * The privacy module's service (docs/privacy.md): a person's own data and erasure request through
 * mailed links, the console's export, erasure and requests, and the retention runs. The passes
 * themselves are in `personal-data.ts`, `mailed-links.ts`, `erasure.ts` and `retention.ts`; this
 * binds them to the database, the portal's address and the clock.
 */
import type { PersonalDataLinkPurpose, Db } from '@portal/db';
import type { RetentionOutcome } from '@portal/contracts';
import type { Actor } from '../../lib/audit.ts';
import { confirmErasureThroughLink, exportThroughLink, linkState, mailPersonalDataLink } from './mailed-links.ts';
import { erasePerson, listErasureRequests, personalDataForOrganizer } from './personal-data.ts';
import { retentionPlan, runRetention, type RetentionPace } from './retention.ts';

export interface PrivacyServiceDeps {
  db: Db;
  /** The portal's address, for the mailed links and the pages' way back. */
  publicUrl: string;
  now?: () => Date;
  /** How fast a retention run erases (tests slow it down or speed it up). */
  retentionPace?: RetentionPace;
  /** Where a console run that failed after its request was answered is reported. */
  log: { error: (details: object, message: string) => void };
}

export function createPrivacyService(deps: PrivacyServiceDeps) {
  const { db, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** The run started from the console on this instance, while it lasts. */
  let consoleRun: Promise<RetentionOutcome[]> | null = null;

  return {
    publicUrl,
    mailLink: (input: { personId: number; purpose: PersonalDataLinkPurpose; eventId: string | null; ip: string }) => mailPersonalDataLink(db, { ...input, publicUrl, now: now() }),
    linkState: (token: string, purpose: PersonalDataLinkPurpose) => linkState(db, token, purpose, now()),
    exportThroughLink: (token: string, ip: string) => exportThroughLink(db, token, { ip, now: now() }),
    confirmErasureThroughLink: (token: string, ip: string) => confirmErasureThroughLink(db, token, { ip, now: now() }),
    personalDataForOrganizer: (actor: Actor, personId: number) => personalDataForOrganizer(db, actor, personId, now()),
    erasePerson: (actor: Actor, personId: number, reason: string) => erasePerson(db, actor, personId, reason, now()),
    listErasureRequests: (filter: { status?: string | undefined; page: number; pageSize: number }) => listErasureRequests(db, filter),
    retentionPlan: () => retentionPlan(db, now()),
    /** The nightly run. */
    runRetention: () => runRetention(db, now()),
    /**
     * A run started from the console, not tied to the request that started it; `null` while the
     * previous one from this instance still goes on (a second click starts no second run).
     */
    startConsoleRetention(actor: Actor): Promise<RetentionOutcome[]> | null {
      if (consoleRun) return null;
      const run = runRetention(db, now(), { organizerId: actor.organizerId, actorEmail: actor.email, ip: actor.ip, ...(deps.retentionPace ? { pace: deps.retentionPace } : {}) });
      consoleRun = run;
      run
        .catch((error: unknown) => log.error({ err: error }, 'retention run from the console failed'))
        .finally(() => {
          if (consoleRun === run) consoleRun = null;
        });
      return run;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
