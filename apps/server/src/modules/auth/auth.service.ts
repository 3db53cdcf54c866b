/**
 * Login rules (docs/api-contract.md, "Login"): an attendee logs in with an e-mail and the
 * event's access code, whose row decides policies, regType and content groups; a report user with a
 * company-domain e-mail and the report code. Failed attempts are counted per e-mail, per client
 * address, per access code and event, and for the report login as a whole, and refused past the
 * hourly limits.
 *
 * Budgets that no stranger can spend for the rightful user: the limits keyed by
 * the client address (the address; the address with the e-mail; the address with the code) are
 * hard. The budgets shared by every address (per e-mail, per code, the report login) are soft: once
 * one is spent, an address that has failed with this e-mail or code itself in the window is refused
 * (429) without a check, but an address without failures of its own is still checked. So guessing
 * stops (each address has at most one checked guess per e-mail or code past the budget), while the
 * people whose e-mail fits the code, from their own address, still get in.
 *
 * A code binds the token to an existing person only when the code's category (and roster rule) fit
 * that person (docs/security.md, "Identity bound to the code"): a shared expo code does not lend a store manager's
 * name. Every refusal answers the same message, so the answer never tells whether an e-mail is known.
 */
import { createSecretKey, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language, type LoginData, type LoginRequest, type Policy } from '@portal/contracts';
import type { Db } from '@portal/db';
import { hashAccessCode } from '../../lib/access-code.ts';
import type { AuditWriter } from '../../lib/audit-writer.ts';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { remembered } from '../../lib/remembered.ts';
import type { TokenService } from '../../lib/tokens/tokens.service.ts';
import * as q from './auth.queries.ts';
import { loginIdentity } from './login-identity.ts';
import { scopeOfRow } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';

export const LOGIN_FAILED_MESSAGE = 'The e-mail address or access code is not valid.';
const HOUR = 3600;

export interface AuthServiceDeps {
  db: Db;
  /** The report scope granted to a field or corporate person, for the login answer. */
  scopes: Pick<ReportScopeService, 'grantOf'>;
  auditLog: AuditWriter;
  tokens: TokenService;
  limiter: RateLimiter;
  codeHashKey: Uint8Array;
  reportEmailDomain: string;
  reportCode: string;
  failuresPerEmailHour: number;
  failuresPerIpHour: number;
  /** Failures per access code and event (a shared code guessed with ever-new e-mails): soft, see above. */
  failuresPerCodeHour: number;
  /** Failures per access code, event and client address: hard. */
  failuresPerCodeIpHour: number;
  /** Failures of the report login as a whole (one shared report code). */
  failuresPerReportHour: number;
  /** New people one access code may create per hour (`NEW_PEOPLE_PER_CODE_HOUR`); unlimited without it. */
  newPeoplePerCodeHour?: number;
}

/** The refusal of a login that would create one new person too many with an access code this hour (429). */
export const NEW_PEOPLE_BUDGET_MESSAGE = 'Too many new sign-ups with this access code right now. Please try again later or contact the event team.';

export type LoginInput = Required<Pick<LoginRequest, 'userName' | 'password' | 'eventType' | 'IsReporting'>> & {
  firstName: string;
  lastName: string;
  /** The language chosen on the login page, kept on the person; absent keeps the stored one. */
  language?: Language | undefined;
};

export type LoginOutcome = { ok: true; data: LoginData } | { ok: false; message: string };

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

function nameFromEmail(email: string): { firstName: string; lastName: string } {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean).map((p) => p.charAt(0).toUpperCase() + p.slice(1));
  return { firstName: (parts[0] ?? 'Guest').slice(0, 30), lastName: (parts.slice(1).join(' ') || 'Attendee').slice(0, 50) };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, tokens, limiter, auditLog } = deps;
  const findLoginContext = q.prepareLoginContext(db);
  // The code key as a key object, made once: each login's code hash then skips importing the key.
  const codeHashKey = createSecretKey(deps.codeHashKey);
  // The hashes of the codes typed last: a conference's dealers all type the same few codes, and the
  // keyed hash (an HMAC) was 4-5 % of a login's CPU. At most 256 codes of at most 100 characters; the
  // process holds the key that makes them anyway.
  const codeHashOf = remembered((code: string) => hashAccessCode(code, codeHashKey), 256);

  /**
   * Counts the attempt as a failure before anything is checked and refuses it when a budget is
   * spent; a login that succeeds (or is refused for its input) gives the counts back. A hard budget
   * (`own` undefined) refuses every attempt past it; a shared one only attempts from an address
   * whose own count (the budget at index `own`, this attempt included) shows an earlier failure.
   */
  async function countAttempt(budgets: Array<{ key: string; limit: number; own?: number }>): Promise<string[]> {
    const names = budgets.map((b) => b.key);
    const states = await limiter.hit(names, HOUR);
    const over = states.filter((state, i) => {
      const { limit, own } = budgets[i]!;
      if (state.count <= limit) return false;
      return own === undefined || states[own]!.count > 1;
    });
    if (over.length) throw tooManyRequests(Math.max(...over.map((state) => state.resetIn), 1));
    return names;
  }

  function fail(input: LoginInput, ip: string, reason: string): LoginOutcome {
    const email = input.userName.toLowerCase();
    auditLog.record({ action: input.IsReporting ? 'report-login' : 'login', success: false, actorEmail: email, eventId: input.eventType, ip, detail: { reason } });
    return { ok: false, message: LOGIN_FAILED_MESSAGE };
  }

  async function reportLogin(input: LoginInput, ip: string): Promise<LoginOutcome> {
    const email = input.userName.toLowerCase();
    if (!email.endsWith(`@${deps.reportEmailDomain}`)) return fail(input, ip, 'report e-mail outside the company domain');
    if (!sameSecret(input.password, deps.reportCode)) return fail(input, ip, 'wrong report code');
    // Only the people on the report-user list (organizer console, CSV import), each with their own scope.
    const existing = await q.findReportUser(db, email);
    if (!existing) return fail(input, ip, 'not on the report-user list');
    if (!existing.active) return fail(input, ip, 'report user disabled');
    const reportScope = scopeOfRow(existing.reportScopeLevel, existing.reportScopeCode);
    if (!reportScope) return fail(input, ip, 'report user without a report scope');
    const sessionVersion = await q.recordReportLogin(db, email, input.language);
    const policies: Policy[] = ['reporting'];
    const signed = await tokens.sign({ personId: null, email, eventType: input.eventType, policies, regType: 'RPT', isDealer: false, storeCode: null, sessionVersion });
    auditLog.record({ action: 'report-login', success: true, actorEmail: email, eventId: input.eventType, ip });
    const names = existing.name ? { firstName: existing.name.split(' ')[0] ?? '', lastName: existing.name.split(' ').slice(1).join(' ') } : nameFromEmail(email);
    return {
      ok: true,
      data: {
        accessToken: signed.token,
        expiresAt: signed.expiresAt.toISOString(),
        regType: 'RPT',
        eventType: input.eventType,
        programInfo: { isVirtual: false },
        dealerInfo: null,
        authorizationPolicy: policies,
        user: { email, ...names },
        contentGroups: { agenda: 'general', conference: 'general', faq: 'general' },
        reportScope,
        language: input.language ?? existing.language ?? DEFAULT_LANGUAGE,
      },
    };
  }

  async function attendeeLogin(input: LoginInput, ip: string, codeHash: string): Promise<LoginOutcome> {
    const email = input.userName.toLowerCase();
    if (input.eventType === 'abc') {
      const errors = [];
      if (!input.firstName) errors.push({ field: 'firstName', message: 'First name is required' });
      if (!input.lastName) errors.push({ field: 'lastName', message: 'Last name is required' });
      if (errors.length) throw badRequest('First and last name are required for this event', errors);
    }
    const found = await findLoginContext({ eventId: input.eventType, codeHash, email });
    if (!found) return fail(input, ip, 'unknown access code');
    const { code, isVirtual } = found;
    if (code.expiresAt && code.expiresAt.getTime() <= Date.now()) return fail(input, ip, 'access code expired');
    // A per-store code (organizer console) admits any e-mail and binds it to its store, but never
    // moves someone on another store's roster.
    const codeStore = code.storeDlrnum ? await q.findStoreContext(db, code.storeDlrnum) : null;
    if (code.storeDlrnum && (!codeStore || (found.personId !== null && found.storeCode !== null && found.storeCode !== code.storeDlrnum))) {
      return fail(input, ip, 'e-mail on another store roster');
    }
    if (code.requiresRoster && !found.storeCode) return fail(input, ip, 'e-mail not on a store roster');
    // An address typed on the hosted page for a new attendee opens no store until its owner confirmed it.
    if (code.requiresRoster && found.emailVerified === false) return fail(input, ip, 'e-mail not confirmed');
    if (found.personId !== null && found.personCategory !== code.personCategory) return fail(input, ip, 'access code does not fit this person');

    let person: { id: number; firstName: string; lastName: string };
    if (found.personId !== null && found.firstName !== null && found.lastName !== null) {
      person = { id: found.personId, firstName: found.firstName, lastName: found.lastName };
      if (input.language && input.language !== found.language) await q.setPersonLanguage(db, person.id, input.language);
    } else {
      // Throw-away logins cannot fill the house: an any-e-mail code creates at most a budget of new
      // people per hour; people already on file still log in.
      if (found.personId === null && deps.newPeoplePerCodeHour !== undefined) {
        const [state] = await limiter.hit([`login:new-people:${input.eventType}:${code.id}`], HOUR);
        if (state && state.count > deps.newPeoplePerCodeHour) {
          auditLog.record({ action: 'login', success: false, actorEmail: email, eventId: input.eventType, ip, detail: { reason: 'new-people budget of the access code spent', accessCodeId: code.id } });
          throw new AppError(429, NEW_PEOPLE_BUDGET_MESSAGE, undefined, { 'retry-after': String(Math.max(state.resetIn, 1)) });
        }
      }
      const names = input.firstName && input.lastName ? { firstName: input.firstName, lastName: input.lastName } : nameFromEmail(email);
      person = await q.insertPerson(db, { email, ...names, category: code.personCategory, storeDlrnum: code.storeDlrnum, language: input.language ?? null });
    }

    const isDealer = code.requiresRoster || (codeStore !== null && code.personCategory === 'dealer_staff');
    const store = codeStore ?? found;
    // A dealer whose code grants no policy gets 'general' (docs/design/web-rules.md, section 4).
    const policies: Policy[] = code.policies.length ? code.policies : isDealer ? ['general'] : [];
    const signed = await tokens.sign({
      personId: person.id,
      email,
      eventType: input.eventType,
      policies,
      regType: code.regType,
      isDealer,
      storeCode: isDealer || codeStore ? store.storeCode : null,
      accessCodeId: code.id,
      sessionVersion: code.sessionVersion,
    });
    auditLog.record({ action: 'login', success: true, actorEmail: email, eventId: input.eventType, ip, detail: { accessCode: code.label, accessCodeId: code.id } });
    // The web app shows reports only with a granted scope (the server checks it on every report).
    const reportScope = policies.includes('field') || policies.includes('corporate') ? await deps.scopes.grantOf({ personId: person.id, email }) : null;
    return {
      ok: true,
      data: {
        accessToken: signed.token,
        expiresAt: signed.expiresAt.toISOString(),
        regType: code.regType,
        eventType: input.eventType,
        programInfo: { isVirtual },
        dealerInfo: {
          isDealer,
          executiveManager: isDealer ? store.executiveManager : null,
          generalManager: isDealer ? store.generalManager : null,
          storeCode: isDealer ? store.storeCode : null,
          storeName: isDealer ? store.storeName : null,
        },
        authorizationPolicy: policies,
        user: { email, firstName: person.firstName, lastName: person.lastName },
        contentGroups: { agenda: code.agendaGroup, conference: code.conferenceGroup, faq: code.faqGroup },
        reportScope,
        language: input.language ?? found.language ?? DEFAULT_LANGUAGE,
      },
    };
  }

  return {
    async login(input: LoginInput, ip: string): Promise<LoginOutcome> {
      const email = input.userName.toLowerCase();
      const codeHash = input.IsReporting ? '' : codeHashOf(input.password);
      const code = input.IsReporting ? 'report' : `code:${input.eventType}:${codeHash}`;
      const counted = await countAttempt([
        { key: `login:ip:${ip}`, limit: deps.failuresPerIpHour },
        { key: `login:email-ip:${email}:${ip}`, limit: deps.failuresPerEmailHour },
        { key: `login:${code}-ip:${ip}`, limit: deps.failuresPerCodeIpHour },
        { key: `login:email:${email}`, limit: deps.failuresPerEmailHour, own: 1 },
        input.IsReporting ? { key: 'login:report', limit: deps.failuresPerReportHour, own: 2 } : { key: `login:${code}`, limit: deps.failuresPerCodeHour, own: 2 },
      ]);
      let outcome: LoginOutcome | undefined;
      try {
        // A case variant or plus-alias of an address is that address's person, never a new one.
        const as = { ...input, userName: await loginIdentity(db, input.userName) };
        outcome = as.IsReporting ? await reportLogin(as, ip) : await attendeeLogin(as, ip, codeHash);
        return outcome;
      } finally {
        if (!outcome || outcome.ok) await limiter.release(counted);
      }
    },

    // The people and report users company sign-in (oidc) signs in as these logins do.
    insertPerson: (person: Parameters<typeof q.insertPerson>[1]) => q.insertPerson(db, person),
    findReportUser: (email: string) => q.findReportUser(db, email),
    recordReportLogin: (email: string, language?: Language) => q.recordReportLogin(db, email, language),
    setPersonLanguage: (personId: number, language: Language) => q.setPersonLanguage(db, personId, language),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
