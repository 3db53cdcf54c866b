/**
 * GET /api/Report/GetRetailerReport (docs/api-contract.md): the retailer spreadsheet of an event, for
 * report users (`reporting` policy). The envelope is written around the base64 pieces of the file as
 * a stream, so the answer never exists as one string beside them.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RETAILER_REPORT_NO_DATA, RETAILER_REPORT_SUCCESS, retailerReportQuerySchema } from '@portal/contracts';
import { failed } from '../../lib/envelope.ts';
import type { LanguagesService } from '../languages/languages.service.ts';
import type { ReportScopeService } from '../report-scope/report-scope.service.ts';
import type { RetailerReportService } from './retailer-report.service.ts';

function* envelopePieces(head: string, pieces: readonly string[], tail: string): Generator<string> {
  yield head;
  yield* pieces;
  yield tail;
}

export const retailerReportRoutes: FastifyPluginAsyncZod<{ service: RetailerReportService; languages: LanguagesService; scopes: ReportScopeService }> = async (app, { service, languages, scopes }) => {
  app.get(
    '/api/Report/GetRetailerReport',
    { preHandler: [app.authenticate, app.requirePolicy('reporting')], schema: { querystring: retailerReportQuerySchema } },
    async (request, reply) => {
      const { eventCode, reportHeaders } = request.query;
      const report = await service.download({
        eventCode,
        columns: reportHeaders,
        scope: await scopes.ofRequest(request),
        language: await languages.readerLanguage(request),
        actorEmail: request.user?.email ?? null,
        ip: request.ip,
      });
      if (!report) return failed(RETAILER_REPORT_NO_DATA);
      const head =
        `{"succeeded":true,"message":${JSON.stringify(RETAILER_REPORT_SUCCESS)},"data":{"reportData":` +
        `{"fileDownloadName":${JSON.stringify(report.fileDownloadName)},"fileContents":"`;
      const tail = '"}}}';
      const length = Buffer.byteLength(head) + report.base64.length + tail.length;
      void reply.type('application/json; charset=utf-8').header('content-length', length);
      return reply.send(Readable.from(envelopePieces(head, report.base64.pieces, tail)));
    },
  );
};
