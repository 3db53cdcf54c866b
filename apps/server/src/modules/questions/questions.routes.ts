/**
 * The console's registration questions (docs/questions.md): `GET|POST|PUT /api/Admin/Questions`,
 * and the exports built from the answers: all answers, the rooming list, the catering summary
 * (`format=xlsx` answers the same content as a workbook). Organizers only (the admin guard).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminQuestionExportQuerySchema, adminQuestionsQuerySchema, QUESTIONS_PATHS, questionRequestSchema, type AnswerValue, type Question } from '@portal/contracts';
import { buildXlsx, type CellValue } from '@portal/xlsx';
import { nodeCompression } from '@portal/xlsx/node';
import { created, ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { answerNoStore } from '../../lib/routes.ts';
import { organizerActorOf as actorOf } from '../../plugins/auth.ts';
import type { QuestionsService } from './questions.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An answer as one cell: choices by their labels, lists joined, yes/no spelt out. */
export function answerCell(question: Pick<Question, 'type' | 'options'>, value: AnswerValue | undefined): CellValue {
  if (value === undefined) return null;
  const label = (v: string) => question.options?.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && question.type === 'choice') return label(value);
  return value;
}

export const questionsRoutes: FastifyPluginAsyncZod<{ service: QuestionsService }> = async (app, { service }) => {
  const admin = { onRequest: app.authenticateAdmin };

  answerNoStore(app);

  app.get(QUESTIONS_PATHS.adminQuestions, { ...admin, schema: { querystring: adminQuestionsQuerySchema } }, async (request) => {
    const rows = await service.adminList(request.query.event);
    return ok({ rows, total: rows.length });
  });
  const eventOf = (request: { query: { event?: string | undefined }; body: { event?: string | undefined } }) => {
    const event = request.body.event ?? request.query.event;
    if (!event) throw badRequest('event is required', [{ field: 'event', message: 'event is required' }]);
    return event;
  };
  const optionalEvent = adminQuestionsQuerySchema.partial();
  app.post(QUESTIONS_PATHS.adminQuestions, { ...admin, schema: { querystring: optionalEvent, body: questionRequestSchema } }, async (request, reply) =>
    created(reply, await service.adminCreate(actorOf(request), eventOf(request), request.body)),
  );
  app.put(QUESTIONS_PATHS.adminQuestions, { ...admin, schema: { querystring: optionalEvent, body: questionRequestSchema } }, async (request) =>
    ok(await service.adminUpdate(actorOf(request), eventOf(request), request.body)),
  );

  const workbook = async (request: FastifyRequest, reply: FastifyReply, name: string, event: string, header: string[], rows: ReadonlyArray<readonly CellValue[]>) => {
    const actor = actorOf(request);
    await service.recordExport(actor, event, name);
    const bytes = buildXlsx(name.slice(0, 31), header, rows, { compression: nodeCompression });
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(Buffer.from(bytes));
  };

  app.get(QUESTIONS_PATHS.adminAnswers, { ...admin, schema: { querystring: adminQuestionExportQuerySchema } }, async (request, reply) => {
    const { event, format } = request.query;
    const table = await service.answersTable(event);
    if (format !== 'xlsx') return ok(table);
    const header = ['Last name', 'First name', 'E-mail', 'Store', 'Status', 'Attendance', 'Arrival', 'Departure', ...table.questions.map((q) => q.label)];
    const rows = table.rows.map((r) => [
      r.lastName,
      r.firstName,
      r.email,
      r.storeName,
      r.status,
      r.isVirtual ? 'Virtual' : 'In person',
      r.arrivalDate,
      r.departureDate,
      ...table.questions.map((q) => answerCell(q, r.answers[q.key])),
    ]);
    return workbook(request, reply, `answers-${event}`, event, header, rows);
  });

  app.get(QUESTIONS_PATHS.adminRoomingList, { ...admin, schema: { querystring: adminQuestionExportQuerySchema } }, async (request, reply) => {
    const { event, format } = request.query;
    const nights = await service.roomingList(event);
    if (format !== 'xlsx') return ok({ rows: nights, total: nights.length });
    const rows = nights.map((n) => [n.night, n.room, n.type, n.guests[0]?.name, n.guests[0]?.store, n.guests[1]?.name ?? null, n.guests[1]?.store ?? null, n.requested]);
    return workbook(request, reply, `rooming-list-${event}`, event, ['Night of', 'Room', 'Type', 'Guest', 'Store', 'Sharing with', 'Store', 'Asked to share with'], rows);
  });

  app.get(QUESTIONS_PATHS.adminCatering, { ...admin, schema: { querystring: adminQuestionExportQuerySchema } }, async (request, reply) => {
    const { event, format } = request.query;
    const summary = await service.cateringSummary(event);
    if (format !== 'xlsx') return ok(summary);
    // One sheet: the counts per day, then the needs described as other, then the gala.
    const width = 3 + summary.needs.length;
    const pad = (cells: CellValue[]) => [...cells, ...Array<CellValue>(Math.max(0, width - cells.length)).fill(null)];
    const rows: CellValue[][] = summary.days.map((d) => [d.day, d.attendees, d.noNeed, ...summary.needs.map((n) => d.counts[n.value] ?? 0)]);
    rows.push(pad([]));
    for (const o of summary.otherNeeds) rows.push(pad(['Other need', o.name, o.need]));
    rows.push(pad([]));
    rows.push(pad(['Gala', 'Attending', summary.gala.attending]));
    rows.push(pad(['Gala', 'Guests', summary.gala.guests]));
    rows.push(pad(['Gala', 'Covers', summary.gala.covers]));
    for (const g of summary.gala.guestNames) rows.push(pad(['Gala guest', g.guest, `with ${g.with}`]));
    return workbook(request, reply, `catering-${event}`, event, ['Day', 'Attendees', 'No dietary need', ...summary.needs.map((n) => n.label)], rows);
  });
};
