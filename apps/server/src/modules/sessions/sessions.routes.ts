/**
 * The program's routes (docs/sessions.md): the console's sessions (`/api/Admin/Sessions...`), the
 * attendee's picks signed in to the event (`/api/Sessions...`) or through their registration link
 * (`/api/Registration/{token}/Sessions...`), and the personal calendar feed (`/calendar/{feedToken}.ics`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSessionsQuerySchema,
  calendarFeedParamsSchema,
  createSessionRequestSchema,
  registrationSessionParamsSchema,
  sessionHierarchyQuerySchema,
  sessionIdParamsSchema,
  sessionReportQuerySchema,
  SESSIONS_PATHS,
  updateSessionRequestSchema,
  type Language,
  type SessionRow,
} from '@portal/contracts';
import { z } from 'zod';
import { created, ok } from '../../lib/envelope.ts';
import { unauthorized } from '../../lib/errors.ts';
import { buildXlsx, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { LanguagesService } from '../languages/languages.service.ts';
import { headersIn, organizerText, requestLanguage, t, translateServerMessage, type MessageId } from '../../lib/i18n/i18n.ts';
import { route } from '../../lib/routes.ts';
import type { SessionsService } from './sessions.service.ts';

/**
 * The program in the reader's language: why picking is closed (the service words it in English, as
 * its refusals), and the sessions' titles, descriptions, rooms and tracks where they are the demo's
 * own (an organizer's stay as entered: lib/i18n organizerText).
 */
function readerReason<T extends { reason: string | null; rows: SessionRow[] }>(request: FastifyRequest, program: T): T {
  const language = requestLanguage(request);
  if (language === 'en') return program;
  const say = (text: string) => organizerText(language, text);
  const rows = program.rows.map((r) => ({ ...r, title: say(r.title), description: r.description === null ? null : say(r.description), room: say(r.room), track: r.track === null ? null : say(r.track) }));
  return { ...program, rows, reason: program.reason === null ? null : translateServerMessage(language, program.reason) };
}

const FILL_COLUMNS = [
  'export.sessions.session',
  'export.sessions.startsUtc',
  'export.sessions.room',
  'export.sessions.capacity',
  'export.sessions.enrolled',
  'export.sessions.waitlisted',
  'export.sessions.attended',
] as const satisfies readonly MessageId[];
const fillColumns = (language: Language) => ({ sheet: t(language, 'export.sessions.sheet'), header: headersIn(language, FILL_COLUMNS) });

const tokenParams = z.object({ token: z.string().max(200) });

export const sessionsRoutes: FastifyPluginAsyncZod<{ service: SessionsService; languages: LanguagesService; scopes: ReportScopeService }> = async (app, { service, languages, scopes }) => {
  const admin = { onRequest: app.authenticateAdmin };
  const attendee = { onRequest: app.authenticate };

  app.addHook('onSend', async (request, reply, payload) => {
    // Personal answers and the console's: never kept by a cache.
    if (!request.url.startsWith('/calendar/')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  // Console
  app.get(SESSIONS_PATHS.adminSessions, { ...admin, schema: { querystring: adminSessionsQuerySchema } }, async (request) => {
    const rows = await service.adminList(request.query.event);
    return ok({ rows, total: rows.length });
  });
  app.post(SESSIONS_PATHS.adminSessions, { ...admin, schema: { body: createSessionRequestSchema } }, async (request, reply) =>
    created(reply, await service.adminCreate(actorOf(request), request.body)),
  );
  app.get(route(SESSIONS_PATHS.adminSession), { ...admin, schema: { params: sessionIdParamsSchema } }, async (request) => ok(await service.adminOne(request.params.id)));
  app.put(route(SESSIONS_PATHS.adminSession), { ...admin, schema: { params: sessionIdParamsSchema, body: updateSessionRequestSchema } }, async (request) =>
    ok(await service.adminUpdate(actorOf(request), request.params.id, request.body)),
  );
  app.post(route(SESSIONS_PATHS.adminSessionCancel), { ...admin, schema: { params: sessionIdParamsSchema } }, async (request) =>
    ok(await service.adminCancel(actorOf(request), request.params.id)),
  );
  app.get(route(SESSIONS_PATHS.adminSessionPeople), { ...admin, schema: { params: sessionIdParamsSchema } }, async (request) => {
    const rows = await service.adminPeople(request.params.id);
    return ok({ rows, total: rows.length });
  });

  // The attendee, signed in to the event
  const loginPicker = (request: { user: { personId: number | null; eventType: string } | null }) => {
    if (!request.user) throw unauthorized();
    return service.pickerOfLogin(request.user);
  };
  app.get(SESSIONS_PATHS.sessions, attendee, async (request) => ok(readerReason(request, await service.list(await loginPicker(request)))));
  app.post(route(SESSIONS_PATHS.join), { ...attendee, schema: { params: sessionIdParamsSchema } }, async (request) => ok(await service.join(await loginPicker(request), request.params.id)));
  app.post(route(SESSIONS_PATHS.leave), { ...attendee, schema: { params: sessionIdParamsSchema } }, async (request) => ok(await service.leave(await loginPicker(request), request.params.id)));
  app.post(SESSIONS_PATHS.calendar, attendee, async (request) => ok(await service.issueFeed(await loginPicker(request))));
  app.delete(SESSIONS_PATHS.calendar, attendee, async (request) => ok(await service.revokeFeed(await loginPicker(request))));
  app.post(SESSIONS_PATHS.agendaMail, attendee, async (request) => ok(await service.mailAgenda(await loginPicker(request))));

  // The same through the registration link (the link is the credential; it is not used up)
  app.get(route(SESSIONS_PATHS.registrationSessions), { schema: { params: tokenParams } }, async (request) =>
    ok(readerReason(request, await service.list(await service.pickerOfToken(request.params.token)))),
  );
  app.post(route(SESSIONS_PATHS.registrationJoin), { schema: { params: registrationSessionParamsSchema } }, async (request) =>
    ok(await service.join(await service.pickerOfToken(request.params.token), request.params.id)),
  );
  app.post(route(SESSIONS_PATHS.registrationLeave), { schema: { params: registrationSessionParamsSchema } }, async (request) =>
    ok(await service.leave(await service.pickerOfToken(request.params.token), request.params.id)),
  );
  app.post(route(SESSIONS_PATHS.registrationCalendar), { schema: { params: tokenParams } }, async (request) => ok(await service.issueFeed(await service.pickerOfToken(request.params.token))));
  app.delete(route(SESSIONS_PATHS.registrationCalendar), { schema: { params: tokenParams } }, async (request) => ok(await service.revokeFeed(await service.pickerOfToken(request.params.token))));
  app.post(route(SESSIONS_PATHS.registrationAgendaMail), { schema: { params: tokenParams } }, async (request) => ok(await service.mailAgenda(await service.pickerOfToken(request.params.token))));

  // Reports, inside the reader's scope; `format=xlsx` answers the same rows as a workbook.
  const readers = { preHandler: [app.authenticate, app.requirePolicy('field', 'corporate', 'reporting')] };
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  // The workbook's sheet name and column headers in the reader's language (Accept-Language, else their stored choice).
  const workbook = async (request: FastifyRequest, reply: FastifyReply, name: string, event: string | null, columns: (language: Language) => { sheet: string; header: string[] }, rows: ReadonlyArray<readonly CellValue[]>) => {
    await service.recordDownload({ actorEmail: request.user?.email ?? null, eventId: event, ip: request.ip, detail: { report: name } });
    const { sheet, header } = columns(await languages.readerLanguage(request));
    const bytes = buildXlsx(sheet.slice(0, 31), header, rows, { compression: nodeCompression });
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(Buffer.from(bytes));
  };
  app.get(SESSIONS_PATHS.report, { ...readers, schema: { querystring: sessionReportQuerySchema } }, async (request, reply) => {
    const rows = await service.reportFill(request.query.event, await scopes.ofRequest(request));
    if (request.query.format !== 'xlsx') return ok({ rows, total: rows.length, timeZone: await service.reportTimeZone(request.query.event) });
    return workbook(request, reply, `sessions-${request.query.event}`, request.query.event, fillColumns, rows.map((r) => [r.title, r.startsAt.slice(0, 16).replace('T', ' '), r.room, r.capacity, r.enrolled, r.waitlisted, r.attended]));
  });
  app.get(route(SESSIONS_PATHS.reportHierarchy), { ...readers, schema: { params: sessionIdParamsSchema, querystring: sessionHierarchyQuerySchema } }, async (request, reply) => {
    const rows = await service.reportHierarchy(request.params.id, request.query, await scopes.ofRequest(request));
    if (request.query.format !== 'xlsx') return ok({ rows, total: rows.length });
    return workbook(request, reply, `session-${request.params.id}-${request.query.reportLevel.toLowerCase()}`, null, (language) => ({ sheet: t(language, 'export.sessions.sheet'), header: [t(language, 'export.level', { level: request.query.reportLevel }), ...headersIn(language, ['export.name', 'export.sessions.enrolled', 'export.sessions.attended'])] }), rows.map((r) => [r.code, r.name, r.enrolled, r.attended]));
  });

  // The personal feed: calendar apps poll it; the secret in the address is its only credential.
  app.get(route(SESSIONS_PATHS.calendarFeed), { schema: { params: calendarFeedParamsSchema } }, async (request, reply) => {
    const body = await service.feed(request.params.feedToken);
    void reply.header('cache-control', 'private, max-age=300').header('referrer-policy', 'no-referrer').type('text/calendar; charset=utf-8');
    return body;
  });
};
