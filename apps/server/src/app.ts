/**
 * The portal as one Fastify app: external plugins, then our plugins, then the modules. `server.ts`
 * only starts it; tests build it and use `inject`.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import contentService, { forbiddenToken, unauthorizedToken, type ContentServiceOptions, type UpstreamEnvironment } from '@portal/content-service';
import { contentCodesFor } from '@portal/contracts';
import { RENDITION_FORMAT, RENDITION_QUALITY, RENDITION_WIDTHS } from '@portal/contracts/images';
import type { Database, Db } from '@portal/db';
import type { Config } from './config.ts';
import { AuditWriter } from './lib/audit-writer.ts';
import { bodyPacePlugin, HTTP_TIMEOUTS, serverTimeoutOptions, type HttpTimeouts } from './lib/http-timeouts.ts';
import { JobQueue } from './lib/jobs.ts';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { FallbackRateLimiter } from './lib/fallback-rate-limiter.ts';
import { PortalMetrics } from './lib/metrics.ts';
import { ResilientRedis } from './lib/redis-connection.ts';
import metricsPlugin from './plugins/metrics.ts';
import authPlugin, { bearerToken } from './plugins/auth.ts';
import { AppError } from './lib/errors.ts';
import { createTokenService } from './lib/tokens/tokens.service.ts';
import compressionPlugin from './plugins/compression.ts';
import emptyBodyPlugin from './plugins/empty-body.ts';
import errorsPlugin from './plugins/errors.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import staticWebPlugin from './plugins/static-web.ts';
import { adminAuthRoutes } from './modules/admin/admin-auth.routes.ts';
import { createAdminAuthService } from './modules/admin/admin-auth.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminService } from './modules/admin/admin.service.ts';
import { organizerRoutes } from './modules/admin/organizers.routes.ts';
import { createOrganizersService } from './modules/admin/organizers.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { createConfigService, type ConfigService } from './modules/config/config.service.ts';
import { languagesRoutes } from './modules/languages/languages.routes.ts';
import { createLanguagesService } from './modules/languages/languages.service.ts';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes.ts';
import { createEnrollmentService } from './modules/enrollment/enrollment.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { MailDelivery, type MailDeliveryOptions } from './modules/mail/delivery.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { createOidcService } from './modules/oidc/oidc.service.ts';
import { createRegistrationProvider } from './modules/registration/providers.ts';
import { registerPrivacyJobs } from './modules/privacy/privacy.jobs.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import type { RetentionPace } from './modules/privacy/retention.ts';
import { registerRegistrationJobs } from './modules/registration/registration.jobs.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import { placeFreedNotifier, registerWaitlistJobs } from './modules/waitlist/waitlist.jobs.ts';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes.ts';
import { createWaitlistService } from './modules/waitlist/waitlist.service.ts';
import { createReportScopeService } from './modules/report-scope/report-scope.service.ts';
import { registerReportsJobs } from './modules/reports/reports.jobs.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { registerReportInsightsJobs } from './modules/report-insights/report-insights.jobs.ts';
import { reportInsightsRoutes } from './modules/report-insights/report-insights.routes.ts';
import { createReportInsightsService } from './modules/report-insights/report-insights.service.ts';
import { retailerReportRoutes } from './modules/retailer-report/retailer-report.routes.ts';
import { createRetailerReportService } from './modules/retailer-report/retailer-report.service.ts';
import { runModeOf } from './production-mode.ts';
import type { AddressPolicy } from './modules/webhooks/address-policy.ts';
import { WebhookDelivery, type WebhookDeliveryOptions } from './modules/webhooks/delivery.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { arrivalsRoutes } from './modules/event-days/arrivals.routes.ts';
import { createArrivalsService } from './modules/event-days/arrivals.service.ts';
import { BadgeKeys } from './modules/badges/badge-code.ts';
import { createBadgesService } from './modules/badges/badges.service.ts';
import { checkInRoutes } from './modules/event-days/checkin.routes.ts';
import { createCheckInService } from './modules/event-days/checkin.service.ts';
import deviceAuthPlugin, { DeviceTokens } from './modules/event-days/device-auth.ts';
import { eventDaysAdminRoutes } from './modules/event-days/event-days-admin.routes.ts';
import { createEventDaysService } from './modules/event-days/event-days.service.ts';
import { picksReleasedNotifier, registerSessionJobs, seatsFreedNotifier } from './modules/sessions/sessions.jobs.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { questionsRoutes } from './modules/questions/questions.routes.ts';
import { createQuestionsService } from './modules/questions/questions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Batched audit rows for login attempts; `flush()` writes what is pending. */
    auditLog: AuditWriter;
    /** Background jobs on pg-boss (lib/jobs.ts): modules declare theirs while the app is built. */
    jobs: JobQueue;
    /** The shared Redis connection (REDIS_URL), with its per-instance fallback (lib/redis-connection.ts). */
    redis: ResilientRedis | undefined;
    /** Set on SIGTERM (server.ts): /readyz answers 503 from then on. */
    lifecycle: { draining: boolean };
    /** The badge signing key and the keys doors accept (docs/event-days.md). */
    badgeKeys: BadgeKeys;
    /** Sends the mail outbox over SMTP; started by `startBackgroundWork`. */
    mailDelivery: MailDelivery;
    /** Sends webhook deliveries; started by `startBackgroundWork`. */
    webhookDelivery: WebhookDelivery;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Where the built web app is; absent in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Clock for tokens and limits (tests move it). */
  now?: () => number;
  /** Mail delivery tuning (tests use short polls and back-off). */
  mailDelivery?: Partial<Pick<MailDeliveryOptions, 'pollMs' | 'backoffBaseMs' | 'leaseMs' | 'maxAttempts'>>;
  /** Header, body, request, idle and keep-alive timeouts (lib/http-timeouts.ts); tests shorten them. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Webhook delivery tuning and host resolution (tests, benchmarks). */
  webhooks?: {
    delivery?: Partial<Pick<WebhookDeliveryOptions, 'pollMs' | 'batchSize' | 'concurrency' | 'leaseMs' | 'backoffBaseMs' | 'backoffCapMs' | 'timeoutMs' | 'senderThread'>>;
    /** Resolves host names when an endpoint is saved (tests). */
    lookupAll?: (host: string) => Promise<string[]>;
  };
  /** The console's retention run: how long it is waited for before it goes on in the background, and its pace (tests). */
  retention?: { answerWithinMs?: number; pace?: RetentionPace };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const timeouts: HttpTimeouts = { ...HTTP_TIMEOUTS, ...deps.httpTimeouts };
  const app = Fastify({
    ...serverTimeoutOptions(timeouts),
    logger: deps.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  const badgeKeys = new BadgeKeys(config.badgeSigningKey, config.badgeRetiredPublicKeys);
  app.decorate('badgeKeys', badgeKeys);
  // Registration, the console, the mail delivery and the event days answer a registration's badge through it.
  const badges = createBadgesService({ keys: badgeKeys });
  // Headers every answer carries are set as the request arrives, not as it leaves: the content
  // service writes its cached answers past the onSend hooks and copies these from the reply.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  const auditLog = new AuditWriter(database.db, (error, lost) => app.log.error({ err: error, lost }, 'audit rows could not be written'));
  app.decorate('auditLog', auditLog);
  const jobs = new JobQueue(database, { log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // On close the workers stop taking work at once, while requests in flight still finish.
  app.addHook('preClose', async () => {
    void jobs.stop().catch((error: unknown) => app.log.error({ err: error }, 'job queue stop failed'));
    void app.mailDelivery.stop().catch((error: unknown) => app.log.error({ err: error }, 'mail delivery stop failed'));
  });
  app.decorate('lifecycle', { draining: false });
  const redis = config.redisUrl ? new ResilientRedis(config.redisUrl, { log: app.log }) : undefined;
  await redis?.connect();
  app.decorate('redis', redis);
  const limiter: RateLimiter = redis ? new FallbackRateLimiter(redis, deps.now) : new MemoryRateLimiter(deps.now);
  app.addHook('onClose', async () => {
    await auditLog.flush();
    await limiter.close();
    await redis?.close();
  });
  const metrics = config.metricsToken || config.metricsPort !== undefined ? new PortalMetrics({ database, jobs }) : undefined;
  if (metrics && redis) metrics.addRedis(() => redis.stats());

  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(bodyPacePlugin, { timeouts });
  await app.register(emptyBodyPlugin);
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.publicUrl.startsWith('https:') });
  // Door device tokens (policy checkin) and the check-in API kept apart from every other token, first.
  const deviceTokens = new DeviceTokens(config.jwtSecret);
  await app.register(deviceAuthPlugin, { db: database.db, tokens: deviceTokens, graceHours: config.checkInDeviceGraceHours, ...(deps.now ? { now: () => new Date(deps.now!()) } : {}) });
  // Portal tokens: signed by the sign-in flows (auth, admin, oidc), checked by the guards of plugins/auth.ts.
  const tokens = createTokenService({ db: database.db, secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, ...(deps.now ? { now: deps.now } : {}) });
  await app.register(authPlugin, { tokens });

  await app.register(healthRoutes, { database, draining: () => app.lifecycle.draining });
  const runtimeConfig = createConfigService({
    db: database.db,
    registrationProvider: config.registrationProvider === 'cvent' ? 'Cvent' : 'Builtin',
    reportEmailDomain: config.reportEmailDomain,
    companySignIn: config.oidc !== undefined,
  });
  await app.register(configRoutes, { service: runtimeConfig });
  // Report scopes (docs/reports.md): the report routes, the services that check, load or set scopes.
  const scopes = createReportScopeService({ db: database.db });
  const auth = createAuthService({
      db: database.db,
      scopes,
      auditLog,
      tokens,
      limiter,
      codeHashKey: config.codeHashKey,
      reportEmailDomain: config.reportEmailDomain,
      reportCode: config.reportCode,
      failuresPerEmailHour: config.loginFailuresPerEmailHour,
      failuresPerIpHour: config.loginFailuresPerIpHour,
      failuresPerCodeHour: config.loginFailuresPerCodeHour,
      failuresPerCodeIpHour: config.loginFailuresPerCodeIpHour,
      failuresPerReportHour: config.loginFailuresPerReportHour,
      newPeoplePerCodeHour: config.newPeoplePerCodeHour,
  });
  await app.register(authRoutes, { service: auth });
  const registrationProvider = createRegistrationProvider(config);
  // A freed place: the waiting list offers it, and the cancelled registration's session seats are offered too.
  const placeFreed = placeFreedNotifier(app);
  const picksReleased = picksReleasedNotifier(app);
  const onPlaceFreed = (eventId: string) => {
    placeFreed(eventId);
    picksReleased(eventId);
  };
  const languages = createLanguagesService({ db: database.db });
  await app.register(languagesRoutes, { service: languages });
  // Registration questions (docs/questions.md): the page asks them, the console defines and exports them.
  const questions = createQuestionsService({ db: database.db, ...(deps.now ? { now: () => new Date(deps.now!()) } : {}) });
  // The hosted page's and the callbacks' clock is the real one; the jobs follow the test clock.
  const registration = createRegistrationService({ db: database.db, publicUrl: config.publicUrl, badges, onPlaceFreed, questions });
  await app.register(enrollmentRoutes, { service: createEnrollmentService({ db: database.db, provider: registrationProvider, registration }) });
  await app.register(questionsRoutes, { service: questions });
  registerRegistrationJobs(app, registration, {
    reminders: { linkTtlHours: config.linkTtlHours, perRecipientDay: config.remindersPerRecipientDay },
    clock: deps.now ? () => new Date(deps.now!()) : undefined,
  });
  await app.register(registrationRoutes, { service: registration, config, limiter });
  const reports = createReportsService({ db: database.db, scopes });
  registerReportsJobs(app, reports);
  await app.register(reportsRoutes, { service: reports, scopes });
  const reportInsights = createReportInsightsService({ db: database.db, remindersPerRecipientDay: config.remindersPerRecipientDay, publicUrl: config.publicUrl, scopes });
  registerReportInsightsJobs(app, reportInsights);
  await app.register(reportInsightsRoutes, { service: reportInsights, languages, scopes });
  await app.register(retailerReportRoutes, { service: createRetailerReportService({ db: database.db }), languages, scopes });
  const adminNow = deps.now ? { now: () => new Date(deps.now!()) } : {};
  await app.register(adminAuthRoutes, {
    service: createAdminAuthService({
      db: database.db,
      tokens,
      limiter,
      failuresPerIpHour: config.loginFailuresPerIpHour,
      totpKey: config.totpEncryptionKey,
      ...adminNow,
    }),
  });
  await app.register(organizerRoutes, { service: createOrganizersService({ db: database.db, ...adminNow }) });
  const adminService = createAdminService({
    db: database.db,
    provider: registrationProvider,
    registration,
    codeHashKey: config.codeHashKey,
    reportEmailDomain: config.reportEmailDomain,
    weakCodesAllowed: async () => (await runModeOf(config, database, { emptyIsDemo: false })) === 'demo',
    badges,
    scopes,
    onPlaceFreed,
    answersOf: (db, id) => questions.detailAnswers(db, id),
    ...adminNow,
  });
  await app.register(adminRoutes, { service: adminService });
  // The waiting list (docs/waiting-lists.md): its jobs and console routes.
  const waitlist = createWaitlistService({ db: database.db, publicUrl: config.publicUrl, ...adminNow });
  registerWaitlistJobs(app, waitlist);
  await app.register(waitlistRoutes, { service: waitlist, detail: (id) => adminService.registrationDetail(id) });
  // Mail (docs/decisions/007-mail-outbox-and-pg-boss.md): the outbox's delivery worker, the console's outbox, the confirmation page.
  const mailDelivery = new MailDelivery({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, publicUrl: config.publicUrl, log: app.log, badges, ...deps.mailDelivery });
  app.decorate('mailDelivery', mailDelivery);
  app.addHook('onClose', async () => mailDelivery.stop());
  await app.register(mailRoutes, { service: createMailService({ db: database.db, publicUrl: config.publicUrl, ...adminNow }), publicUrl: config.publicUrl });
  const privacy = createPrivacyService({ db: database.db, publicUrl: config.publicUrl, log: app.log, ...adminNow, ...(deps.retention?.pace ? { retentionPace: deps.retention.pace } : {}) });
  registerPrivacyJobs(app, privacy);
  await app.register(privacyRoutes, {
    service: privacy,
    ...(deps.retention?.answerWithinMs !== undefined ? { retentionAnswerWithinMs: deps.retention.answerWithinMs } : {}),
  });
  // Webhooks (docs/webhooks.md): the delivery worker and the console's endpoints share one address policy.
  const webhookPolicy = webhookAddressPolicy(config, database);
  const webhookDelivery = new WebhookDelivery({ db: database.db, policy: webhookPolicy, secretKey: config.webhookSecretKey, log: app.log, ...deps.webhooks?.delivery });
  app.decorate('webhookDelivery', webhookDelivery);
  app.addHook('onClose', async () => webhookDelivery.stop());
  const webhooks = createWebhooksService({
    db: database.db,
    policy: webhookPolicy,
    secretKey: config.webhookSecretKey,
    ...adminNow,
    ...(deps.webhooks?.lookupAll ? { lookupAll: deps.webhooks.lookupAll } : {}),
  });
  await app.register(webhookRoutes, { service: webhooks });
  const eventDays = createEventDaysService({ db: database.db, badges, codeHashKey: config.codeHashKey, publicUrl: config.publicUrl, registration, ...adminNow });
  const arrivals = createArrivalsService(database.db, scopes);
  await app.register(checkInRoutes, {
    service: createCheckInService({
      db: database.db,
      keys: badgeKeys,
      tokens: deviceTokens,
      codeHashKey: config.codeHashKey,
      limiter,
      isDemo: async () => (await runModeOf(config, database)) === 'demo',
      ...adminNow,
    }),
    days: eventDays,
  });
  // The event's program (docs/sessions.md): sessions, picks, offers of freed seats, the calendar feed.
  const sessions = createSessionsService({ db: database.db, publicUrl: config.publicUrl, feedKey: config.codeHashKey, onSeatFreed: seatsFreedNotifier(app), scopes, ...adminNow });
  registerSessionJobs(app, sessions);
  await app.register(sessionsRoutes, { service: sessions, languages, scopes });
  await app.register(eventDaysAdminRoutes, { service: eventDays, arrivals });
  await app.register(arrivalsRoutes, { arrivals, languages, scopes });
  await app.register(contentService, {
    db: database.db,
    source: await contentSource(config, runtimeConfig),
    resolveAccessCodes: (request) => contentCodesOfRequest(app, request),
    // Only the renditions the web app asks for (@portal/contracts/images), kept on disk.
    renditions: { policy: { widths: RENDITION_WIDTHS, format: RENDITION_FORMAT, quality: RENDITION_QUALITY }, ...config.renditionCache },
  });
  // Company sign-in (docs/sign-in.md): only with OIDC_ISSUER set.
  if (config.oidc) {
    const oidc = createOidcService({ db: database.db, tokens, settings: config.oidc, auth, scopes, ...(deps.now ? { now: () => new Date(deps.now!()) } : {}) });
    await app.register(oidcRoutes, { service: oidc, settings: config.oidc, publicUrl: config.publicUrl, jwtSecret: config.jwtSecret, ...(deps.now ? { now: deps.now } : {}) });
  }
  await app.register(staticWebPlugin, { webRoot: deps.webRoot ?? '' });

  return app;
}

/**
 * Starts what runs beside the requests: the job queue (reminders, digests), the mail delivery
 * worker (only with SMTP_URL) and the webhook delivery worker. The server calls it after listen; `app.close()` stops both.
 */
export async function startBackgroundWork(app: FastifyInstance): Promise<void> {
  await app.jobs.start();
  app.mailDelivery.start();
  app.webhookDelivery.start();
}

/** Demo mode allows loopback receivers and http://; WEBHOOK_ALLOW_PRIVATE any address (asked once). */
function webhookAddressPolicy(config: Config, database: Database): () => Promise<AddressPolicy> {
  let policy: Promise<AddressPolicy> | undefined;
  return () =>
    (policy ??= runModeOf(config, database).then((mode) => ({
      allowPrivate: config.webhookAllowPrivate,
      allowLoopback: mode === 'demo',
      allowHttp: mode === 'demo',
    })));
}

/**
 * A hop count becomes "trust the n addresses nearest to us": fastify itself trusts no
 * X-Forwarded-For entry for a bare number, and `true` would let a client pick its own address.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Embedded content by default; with CONTENT_SOURCE=upstream, each event's portal environment id
 * (from the events table) is proxied to its configured Kontent.ai environment.
 */
async function contentSource(config: Config, runtimeConfig: ConfigService): Promise<ContentServiceOptions['source']> {
  if (config.contentSource === 'embedded') return { kind: 'embedded' };
  const environments: Record<string, UpstreamEnvironment> = {};
  for (const event of await runtimeConfig.contentEnvironments()) {
    const upstream = event.eventId === 'nbc' ? config.contentUpstream.nbc : event.eventId === 'abc' ? config.contentUpstream.abc : undefined;
    if (!upstream) continue;
    environments[event.environmentId] = {
      upstreamEnvironmentId: upstream.environmentId,
      mode: config.contentUpstream.mode,
      ...(upstream.key ? { apiKey: upstream.key } : {}),
      ...(config.contentUpstream.baseUrl ? { baseUrl: config.contentUpstream.baseUrl } : {}),
    };
  }
  return { kind: 'upstream', environments };
}

/**
 * The content access codes of a request's portal token: none without a token; a presented token
 * that is invalid, expired or revoked answers 401, so the web app ends the session as for the API.
 */
async function contentCodesOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<string[]> {
  const token = bearerToken(request);
  if (!token) return [];
  let user;
  try {
    user = await app.tokens.verify(token);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) throw unauthorizedToken(error.message);
    throw error;
  }
  // Organizer tokens reach the organizer console only.
  if (user.organizerId !== null) throw forbiddenToken('Organizer accounts can only use the organizer console.');
  return contentCodesFor(user.policies);
}
