/**
 * Company sign-in after the provider answered: who the person is to the portal (an organizer account
 * linked to the provider's subject, or a report user with the scope their groups grant), the
 * one-time code the browser trades for the portal token, and that trade.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LoginData, Policy } from '@portal/contracts';
import type { Db } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenService } from '../../plugins/auth.ts';
import { organizerView } from '../admin/admin-auth.service.ts';
import { recordReportLogin } from '../auth/auth.queries.ts';
import { setReportUserScope } from '../reports/report-scope.ts';
import { claimValues, grantsOf, scopeOf, type Claims } from './oidc-claims.ts';
import type { OidcConfig } from '../../lib/oidc-config.ts';
import * as q from './oidc.queries.ts';

export const OIDC_TARGETS = ['admin', 'reports'] as const;
export type OidcTarget = (typeof OIDC_TARGETS)[number];

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

export interface OidcServiceDeps {
  db: Db;
  tokens: TokenService;
  settings: OidcConfig;
  now?: () => Date;
}

export function createOidcService({ db, tokens, settings, now = () => new Date() }: OidcServiceDeps) {
  /** Maps the claims to a grant for `target` (or refuses), and stores it behind a fresh one-time code. */
  async function signIn(target: OidcTarget, claims: Claims, ip: string): Promise<string> {
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

    let grant: q.OidcGrantRecord;
    if (target === 'admin') {
      if (!grants.has('admin')) return refuse('no organizer role', 'Your company account does not grant access to the organizer console.');
      grant = { target: 'admin', organizerId: await organizerFor(subject, email, name, claims.email_verified === true, ip, refuse) };
    } else {
      if (!grants.has('reporting') && !grants.has('field') && !grants.has('corporate')) {
        return refuse('no report role', 'Your company account does not grant access to the reports.');
      }
      const existing = await q.findReportUserActive(db, email);
      if (existing && !existing.active) return refuse('report user disabled', 'Your access to the reports has been disabled by the organizers.');
      if (settings.scopeClaim) {
        const scoped = scopeOf(claimValues(claims, settings.scopeClaim));
        if ('problem' in scoped) return refuse(scoped.problem, `The reports cannot be opened: ${scoped.problem}.`);
        try {
          await setReportUserScope(db, email, scoped.scope);
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 400) return refuse(`scope not in the network: ${error.message}`, `The reports cannot be opened: ${error.message}.`);
          throw error;
        }
      }
      grant = { target: 'reports', email, name };
    }

    const code = randomBytes(32).toString('base64url');
    const at = now();
    await q.storeHandoverCode(db, hashCode(code), grant, at, new Date(at.getTime() + HANDOVER_TTL_MS));
    await audit(db, {
      action: 'oidc-login',
      success: true,
      actorEmail: email,
      ip,
      detail: { target, subject, grants: [...grants].sort() },
      ...(grant.target === 'admin' ? { organizerId: grant.organizerId } : {}),
    });
    return code;
  }

  /**
   * The organizer account of the provider's subject: the linked one; else the account with the
   * e-mail, linked now if the provider vouches for the address (email_verified); else a new account
   * without a password. Linking and creating are audited.
   */
  async function organizerFor(subject: string, email: string, name: string | null, emailVerified: boolean, ip: string, refuse: (reason: string, message: string) => Promise<never>): Promise<number> {
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
      if (!emailVerified) {
        return refuse('e-mail of an existing organizer not verified by the provider', 'An organizer account with your e-mail address exists, but the identity provider does not confirm the address; an organizer can link it for you.');
      }
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

  /** Trades a one-time code (once, within 60 s) for the portal token, answered as the password logins answer. */
  async function trade(code: string) {
    const grant = await q.takeHandoverCode(db, hashCode(code), now());
    if (!grant) return null;
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
    const sessionVersion = await recordReportLogin(db, grant.email);
    const policies: Policy[] = ['reporting'];
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
    };
    return { target: 'reports' as const, data };
  }

  return { signIn, trade };
}

export type OidcService = ReturnType<typeof createOidcService>;
