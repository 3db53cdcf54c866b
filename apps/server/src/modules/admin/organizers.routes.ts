/**
 * Organizer accounts in the console: `GET /api/Admin/Organizers`, `POST /api/Admin/Organizers/{id}/Disable`
 * and `/Enable` (contracts: admin.ts). New accounts come from `npm run admin:create`.
 *
 * A disabled organizer cannot sign in, and the admin guard (plugins/auth.ts) refuses their open tokens
 * on the next request. Disabling also sets `tokens_valid_from`, so enabling the account again revives
 * none of the tokens issued before. Nobody disables their own account (409): the console always keeps
 * at least the one organizer who is using it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PATHS, idParamsSchema, organizersQuerySchema, type AdminOrganizer } from '@portal/contracts';
import { schema, type Db, type DbOrTx } from '@portal/db';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { organizerOf } from './admin-auth.routes.ts';
import { containsPattern } from './admin.queries.ts';

const { organizers } = schema;
type OrganizerRow = typeof organizers.$inferSelect;

export function adminOrganizerView(row: OrganizerRow): AdminOrganizer {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    totpEnabled: row.totpEnabled,
    mustChangePassword: row.mustChangePassword,
    active: row.active,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OrganizerFilter {
  q?: string | undefined;
  active?: boolean | undefined;
  page: number;
  pageSize: number;
}

export async function listOrganizers(db: DbOrTx, f: OrganizerFilter): Promise<{ rows: AdminOrganizer[]; total: number }> {
  const conditions: SQL[] = [];
  if (f.q) {
    const pattern = containsPattern(f.q);
    conditions.push(or(sql`${organizers.email} ilike ${pattern}`, sql`coalesce(${organizers.name}, '') ilike ${pattern}`)!);
  }
  if (f.active !== undefined) conditions.push(eq(organizers.active, f.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(organizers).where(where).orderBy(asc(organizers.email)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(organizers).where(where),
  ]);
  return { rows: rows.map(adminOrganizerView), total: total?.n ?? 0 };
}

export interface OrganizerActor {
  organizerId: number;
  email: string;
  ip: string;
}

export function createOrganizersService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function setActive(actor: OrganizerActor, id: number, active: boolean): Promise<AdminOrganizer> {
    if (!active && id === actor.organizerId) throw conflict('You cannot disable your own account. Ask another organizer.');
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(organizers).where(eq(organizers.id, id)).for('update').limit(1);
      if (!row) throw notFound('No organizer with this id.');
      // Idempotent: the same state again changes and audits nothing.
      if (row.active === active) return adminOrganizerView(row);
      const [updated] = await tx
        .update(organizers)
        .set(active ? { active: true } : { active: false, tokensValidFrom: now() })
        .where(eq(organizers.id, id))
        .returning();
      await audit(tx, {
        action: active ? 'admin-organizer-enable' : 'admin-organizer-disable',
        success: true,
        actorEmail: actor.email,
        ip: actor.ip,
        organizerId: actor.organizerId,
        detail: { targetOrganizerId: id, email: row.email },
      });
      return adminOrganizerView(updated!);
    });
  }

  return {
    list: (filter: OrganizerFilter) => listOrganizers(db, filter),
    disable: (actor: OrganizerActor, id: number) => setActive(actor, id, false),
    enable: (actor: OrganizerActor, id: number) => setActive(actor, id, true),
  };
}

export type OrganizersService = ReturnType<typeof createOrganizersService>;

/** Fastify paths from the contract's `{param}` spelling. */
const route = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export const organizerRoutes: FastifyPluginAsyncZod<{ service: OrganizersService }> = async (app, { service }) => {
  const guard = { onRequest: app.authenticateAdmin };
  const actorOf = (request: Parameters<typeof organizerOf>[0]): OrganizerActor => {
    const user = organizerOf(request);
    return { organizerId: user.organizerId, email: user.email, ip: request.ip };
  };
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(ADMIN_PATHS.organizers, { ...guard, schema: { querystring: organizersQuerySchema } }, async (request) => ok(await service.list(request.query)));

  app.post(route(ADMIN_PATHS.organizerDisable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.disable(actorOf(request), request.params.id)),
  );

  app.post(route(ADMIN_PATHS.organizerEnable), { ...guard, schema: { params: idParamsSchema } }, async (request) =>
    ok(await service.enable(actorOf(request), request.params.id)),
  );
};
