/**
 * Organizer accounts: created by `npm run admin:create` (and tests), listed, disabled and enabled
 * in the console (organizers.routes.ts).
 *
 * A disabled organizer cannot sign in, and the admin guard (plugins/auth.ts, lib/tokens/tokens.service.ts) refuses their open tokens
 * on the next request. Disabling also sets `tokens_valid_from`, so enabling the account again revives
 * none of the tokens issued before. Nobody disables their own account (409): the console always keeps
 * at least the one organizer who is using it.
 */
import { ORGANIZER_PASSWORD_MIN, type AdminOrganizer } from '@portal/contracts';
import type { Db, DbOrTx } from '@portal/db';
import { audit, type Actor } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import * as q from './organizers.queries.ts';

export interface CreateOrganizerInput {
  email: string;
  password: string;
  name?: string | null;
  mustChangePassword: boolean;
}

export class OrganizerExistsError extends Error {
  constructor(email: string) {
    super(`An organizer with the e-mail ${email} already exists.`);
  }
}

/** Creates an organizer; refuses a second account for one e-mail. */
export async function createOrganizer(db: DbOrTx, input: CreateOrganizerInput): Promise<{ id: number; email: string }> {
  if (input.password.length < ORGANIZER_PASSWORD_MIN) throw new Error(`An organizer password has at least ${ORGANIZER_PASSWORD_MIN} characters.`);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const row = await q.insertOrganizer(db, { email, name: input.name ?? null, passwordHash, mustChangePassword: input.mustChangePassword });
  if (!row) throw new OrganizerExistsError(email);
  return row;
}

export function createOrganizersService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function setActive(actor: Actor, id: number, active: boolean): Promise<AdminOrganizer> {
    if (!active && id === actor.organizerId) throw conflict('You cannot disable your own account. Ask another organizer.');
    return db.transaction(async (tx) => {
      const row = await q.lockOrganizer(tx, id);
      if (!row) throw notFound('No organizer with this id.');
      // Idempotent: the same state again changes and audits nothing.
      if (row.active === active) return q.adminOrganizerView(row);
      const updated = await q.setOrganizerActive(tx, id, active, now());
      await audit(tx, {
        action: active ? 'admin-organizer-enable' : 'admin-organizer-disable',
        success: true,
        actorEmail: actor.email,
        ip: actor.ip,
        organizerId: actor.organizerId,
        detail: { targetOrganizerId: id, email: row.email },
      });
      return q.adminOrganizerView(updated);
    });
  }

  return {
    list: (filter: q.OrganizerFilter) => q.listOrganizers(db, filter),
    disable: (actor: Actor, id: number) => setActive(actor, id, false),
    enable: (actor: Actor, id: number) => setActive(actor, id, true),
  };
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;
