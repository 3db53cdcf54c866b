/**
 * Company sign-in after the provider answered: who the person is to the portal (an organizer account
 * linked to the provider's subject, or a report user with the scope their groups grant), the
 * one-time code the browser trades for the portal token, and that trade.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE, type EventType, type Language, type LoginData, type Policy } from '@portal/contracts';
import type { Db } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenService } from '../../lib/tokens/tokens.service.ts';
import { organizerView } from '../admin/admin-auth.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { StoredReportScope } from '../report-scope/report-scope.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import { claimValues, grantsOf, scopeOf, type Claims } from './oidc-claims.ts';
import type { OidcConfig } from '../../lib/oidc-config.ts';
import * as q from './oidc.queries.ts';

export const OIDC_TARGETS = ['admin', 'reports', 'event'] as const;
export type OidcTarget = (typeof OIDC_TARGETS)[number];
/** Where the sign-in started: the target, and for `event` the event (nbc or abc). */
export type OidcDestination = { target: 'admin' } | { target: 'reports' } | { target: 'event'; event: EventType };

/** The report policies a company account may carry to the report login, in token order. */
const REPORT_GRANTS = ['corporate', 'field', 'reporting'] as const;

/** How long a one-time code may wait for its trade. */
export const HANDOVER_TTL_MS = 60_000;

/** Not a password hash: a password sign-in of an account created by the provider always fails. */
export const NO_PASSWORD = '!oidc-only';

/** A sign-in the portal refuses: the page says `message`; `reason` goes to the audit log. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A fresh one-time code or browser binding: 256 random bits. */
export const randomSecret = () => randomBytes(32).toString('base64url');

export interface OidcServiceDeps {
  db: Db;
  tokens: TokenService;
  settings: OidcConfig;
  /** The people and report users' rows, shared with the password and code logins. */
  auth: Pick<AuthService, 'insertPerson' | 'findReportUser' | 'recordReportLogin' | 'setPersonLanguage'>;
  /** Stores the scope a company account's claim names, and reads the grant the sign-in answers. */
  scopes: Pick<ReportScopeService, 'setPersonScope' | 'setReportUserScope' | 'grantOf'>;
  now?: () => Date;
}

export function createOidcService({ db, tokens, settings, auth, scopes, now = () => new Date() }: OidcServiceDeps) {
  /**
   * Maps the claims to a grant for the destination (or refuses), and stores it behind a fresh
   * one-time code that only the browser holding the cookie value `browser` may trade.
   */
  async function signIn(destination: OidcDestination, claims: Claims, ip: string, browser: string): Promise<string> {
    const { target } = destination;
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 200) : null;
    const grants = grantsOf(claims, settings);
    const refuse = async (reason: string, message: string): Promise<never> => {
      await audit(db, { action: 'oidc-login', success: false, actorEmail: email || null, ip, detail: { target, reason, subject } });
      throw new OidcRefusal(reason, message);
    };
    if (!subject) return refuse('no subject', 'The identity provider did not say who you are.');
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) return refuse('no e-mail', 'The identity provider did not send your e-mail address; ask your IT department to release the email claim to the portal.');
    // Every target keys the person by e-mail (organizer, report user, attendee): only an address the
    // provider vouches for may stand for someone.
    if (claims.email_verified !== true) {
      return refuse('e-mail not verified by the provider', 'The identity provider does not confirm your e-mail address, so the portal cannot sign you in with it. Ask your IT department, or sign in with your password or code.');
    }

    /** The scope claim as the stored report scope (or a refusal); undefined without OIDC_SCOPE_CLAIM. */
    const claimedScope = async (): Promise<StoredReportScope | undefined> => {
      if (!settings.scopeClaim) return undefined;
      const scoped = scopeOf(claimValues(claims, settings.scopeClaim));
      if ('problem' in scoped) return refuse(scoped.problem, `The reports cannot be opened: ${scoped.problem}.`);
      return scoped.scope;
    };
    const storeScope = async (store: () => Promise<unknown>): Promise<void> => {
      try {
        await store();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400) return refuse(`scope not in the network: ${error.message}`, `The reports cannot be opened: ${error.message}.`);
        throw error;
      }
    };

    let grant: q.OidcGrantRecord;
    if (destination.target === 'admin') {
      if (!grants.has('admin')) return refuse('no organizer role', 'Your company account does not grant access to the organizer console.');
      grant = { target: 'admin', organizerId: await organizerFor(subject, email, name, ip, refuse) };
    } else if (destination.target === 'reports') {
      const policies = REPORT_GRANTS.filter((g) => grants.has(g));
      if (!policies.length) return refuse('no report role', 'Your company account does not grant access to the reports.');
      const existing = await q.findReportUserActive(db, email);
      if (existing && !existing.active) return refuse('report user disabled', 'Your access to the reports has been disabled by the organizers.');
      const scope = await claimedScope();
      if (scope) await storeScope(() => scopes.setReportUserScope(email, scope));
      grant = { target: 'reports', email, name, policies };
    } else {
      // Corporate first: a person in both groups gets the wider policy, as the Corporate code would.
      const policy = grants.has('corporate') ? 'corporate' : grants.has('field') ? 'field' : undefined;
      if (!policy) return refuse('no event role', 'Your company account does not grant field or corporate access to the event. Sign in with your access code instead.');
      const code = await q.findPolicyCode(db, destination.event, policy, now());
      if (!code) return refuse(`no active ${policy} access code in ${destination.event}`, `This event admits no ${policy} staff right now. Ask the event team.`);
      const scope = await claimedScope();
      const onFile = await q.findPersonByEmail(db, email);
      // As the access code: a person on file of another kind is not made field or corporate here.
      if (onFile && onFile.category !== policy) return refuse(`person on file as ${onFile.category}`, 'Your e-mail address is registered for this event as another kind of attendee. Sign in with your access code, or ask the event team.');
      const [first = '', ...rest] = (name ?? '').split(' ');
      const person = onFile ?? (await auth.insertPerson({ email, firstName: (first || email.split('@')[0] || 'Guest').slice(0, 30), lastName: (rest.join(' ') || '-').slice(0, 50), category: policy }));
      if (scope) await storeScope(() => scopes.setPersonScope(person.id, scope));
      grant = { target: 'event', event: destination.event, personId: person.id, accessCodeId: code.id };
    }

    const code = randomSecret();
    const at = now();
    await q.storeHandoverCode(db, hashCode(code), { ...grant, browser: hashCode(browser) }, at, new Date(at.getTime() + HANDOVER_TTL_MS));
    await audit(db, {
      action: 'oidc-login',
      success: true,
      actorEmail: email,
      ip,
      detail: { target, subject, grants: [...grants].sort(), ...(destination.target === 'event' ? { event: destination.event } : {}) },
      ...(grant.target === 'admin' ? { organizerId: grant.organizerId } : {}),
    });
    return code;
  }

  /**
   * The organizer account of the provider's subject: the linked one; else the account with the
   * e-mail (verified by the provider, see signIn), linked now; else a new account without a
   * password. Linking and creating are audited.
   */
  async function organizerFor(subject: string, email: string, name: string | null, ip: string, refuse: (reason: string, message: string) => Promise<never>): Promise<number> {
    const issuer = settings.issuer;
    const at = now();
    const linked = await q.findLinkedOrganizer(db, issuer, subject);
    if (linked) {
      if (!linked.active) return refuse('organizer disabled', 'Your organizer account has been disabled.');
      await q.recordLinkedLogin(db, issuer, subject, linked.id, at);
      return linked.id;
    }
    const byEmail = await q.findOrganizerByEmail(db, email);
    if (byEmail) {
      if (!byEmail.active) return refuse('organizer disabled', 'Your organizer account has been disabled.');
      return db.transaction(async (tx) => {
        await q.linkOrganizer(tx, issuer, subject, byEmail.id, at);
        await audit(tx, { action: 'organizer-oidc-linked', success: true, actorEmail: email, ip, organizerId: byEmail.id, detail: { issuer, subject } });
        return byEmail.id;
      });
    }
    return db.transaction(async (tx) => {
      const created = await q.createLinkedOrganizer(tx, { issuer, subject, email, name, passwordHash: NO_PASSWORD }, at);
      await audit(tx, { action: 'organizer-oidc-created', success: true, actorEmail: email, ip, organizerId: created, detail: { issuer, subject } });
      return created;
    });
  }

  /**
   * Trades a one-time code (once, within 60 s, from the browser holding the callback's cookie value
   * `browser`) for the portal token, answered as the password logins answer.
   */
  /** Trades the one-time code; `language` (the page's) is kept on the person or report user signed in. */
  async function trade(code: string, browser: string, language?: Language) {
    const grant = await q.takeHandoverCode(db, hashCode(code), hashCode(browser), now());
    if (!grant) return null;
    if (grant.target === 'event') return tradeEvent(grant, language);
    if (grant.target === 'admin') {
      const organizer = await q.findOrganizer(db, grant.organizerId);
      if (!organizer?.active) return null;
      const signed = await tokens.sign({
        organizerId: organizer.id,
        personId: null,
        email: organizer.email,
        eventType: 'nbc',
        policies: ['admin'],
        regType: 'ORG',
        isDealer: false,
        storeCode: null,
        sessionVersion: organizer.sessionVersion,
      });
      return { target: 'admin' as const, data: { accessToken: signed.token, expiresAt: signed.expiresAt.toISOString(), authorizationPolicy: ['admin'] as Policy[], organizer: organizerView(organizer) } };
    }
    const sessionVersion = await auth.recordReportLogin(grant.email, language);
    const policies: Policy[] = grant.policies ?? ['reporting'];
    const signed = await tokens.sign({ personId: null, email: grant.email, eventType: 'nbc', policies, regType: 'RPT', isDealer: false, storeCode: null, sessionVersion });
    const [first = '', ...rest] = (grant.name ?? grant.email.split('@')[0] ?? '').split(' ');
    const data: LoginData = {
      accessToken: signed.token,
      expiresAt: signed.expiresAt.toISOString(),
      regType: 'RPT',
      eventType: 'nbc',
      programInfo: { isVirtual: false },
      dealerInfo: null,
      authorizationPolicy: policies,
      user: { email: grant.email, firstName: first, lastName: rest.join(' ') },
      contentGroups: { agenda: 'general', conference: 'general', faq: 'general' },
      reportScope: await scopes.grantOf({ personId: null, email: grant.email }),
      language: language ?? (await auth.findReportUser(grant.email))?.language ?? DEFAULT_LANGUAGE,
    };
    return { target: 'reports' as const, data };
  }

  /** The event session the person's access code of the policy would give, with their report scope. */
  async function tradeEvent(grant: Extract<q.OidcGrantRecord, { target: 'event' }>, language: Language | undefined) {
    const [code, person] = await Promise.all([q.findAccessCode(db, grant.accessCodeId), q.findPerson(db, grant.personId)]);
    // Disabled (or gone) in the 60 seconds since the callback: no session, as the code's login would refuse.
    if (!code?.active || code.eventId !== grant.event || (code.expiresAt && code.expiresAt.getTime() <= now().getTime()) || !person) return null;
    const policies = code.policies;
    if (language && language !== person.language) await auth.setPersonLanguage(person.id, language);
    const signed = await tokens.sign({
      personId: person.id,
      email: person.email,
      eventType: grant.event,
      policies,
      regType: code.regType,
      isDealer: false,
      storeCode: null,
      accessCodeId: code.id,
      sessionVersion: code.sessionVersion,
    });
    const data: LoginData = {
      accessToken: signed.token,
      expiresAt: signed.expiresAt.toISOString(),
      regType: code.regType,
      eventType: grant.event,
      programInfo: { isVirtual: await q.findEventVirtual(db, grant.event) },
      dealerInfo: { isDealer: false, executiveManager: null, generalManager: null, storeCode: null, storeName: null },
      authorizationPolicy: policies,
      user: { email: person.email, firstName: person.firstName, lastName: person.lastName },
      contentGroups: { agenda: code.agendaGroup, conference: code.conferenceGroup, faq: code.faqGroup },
      reportScope: await scopes.grantOf({ personId: person.id, email: person.email }),
      language: language ?? person.language ?? DEFAULT_LANGUAGE,
    };
    return { target: 'event' as const, data };
  }

  return { signIn, trade };
}

export type OidcService = ReturnType<typeof createOidcService>;
