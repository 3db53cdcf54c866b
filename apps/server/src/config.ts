/**
 * The one place environment variables are read. Every variable is validated at start; a bad value
 * stops the server with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { deriveSecretBoxKey } from './lib/secret-box.ts';
import { parseOidcEnv, type OidcConfig } from './lib/oidc-config.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();

/** An IPv4 or IPv6 address, optionally with a /prefix. */
function isAddressRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front (the client is the address the outermost one
 * saw), or the proxies' address ranges. Trusting every X-Forwarded-For entry would let a client
 * pick its own address (and rate-limit bucket), so `true` means one hop, not "trust all".
 */
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const ranges = value.split(',').map((r) => r.trim()).filter(Boolean);
  if (ranges.length && ranges.every(isAddressRange)) return ranges;
  ctx.addIssue({ code: 'custom', message: 'must be false, a hop count (1 for one load balancer) or a comma-separated list of proxy addresses/ranges such as 10.0.0.0/8' });
  return z.NEVER;
});
const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a ${protocols.join(' or ')} URL`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** Image renditions kept on disk (default DATA_DIR/renditions), bounded by RENDITION_CACHE_MAX_MB. */
  RENDITION_CACHE_DIR: z.string().min(1).optional(),
  RENDITION_CACHE_MAX_MB: positiveInt.default(256),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CODE_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: positiveInt.default(8 * 60 * 60),
  DEMO_DATA: bool.optional(),
  DEMO_STORES: positiveInt.max(89_999, 'must be at most 89999 (store numbers have five digits)').default(5_000),
  REPORT_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a mail domain such as corp.example.com')
    .default('corp.example.com'),
  REPORT_CODE: z.string().min(4).optional(),
  LOGIN_FAILURES_PER_EMAIL_HOUR: positiveInt.default(100),
  LOGIN_FAILURES_PER_IP_HOUR: positiveInt.default(1000),
  LOGIN_FAILURES_PER_CODE_HOUR: positiveInt.default(500),
  LOGIN_FAILURES_PER_CODE_IP_HOUR: positiveInt.default(100),
  LOGIN_FAILURES_PER_REPORT_HOUR: positiveInt.default(200),
  /** An unused registration link expires this many hours after it was issued. */
  LINK_TTL_HOURS: positiveInt.max(24 * 90, 'must be at most 2160 (90 days)').default(72),
  /** New people one any-e-mail access code may create per hour (then its logins of unknown e-mails are refused). */
  NEW_PEOPLE_PER_CODE_HOUR: positiveInt.default(300),
  /** Reminder and digest mails one address may get per day (UTC). */
  REMINDERS_PER_RECIPIENT_DAY: positiveInt.default(3),
  /** Hours after the end of an event's last day that its door devices' tokens keep working. */
  CHECKIN_DEVICE_GRACE_HOURS: z.coerce.number().int().min(0).max(24 * 30, 'must be at most 720 (30 days)').default(24),
  REGISTRATION_PROVIDER: z.enum(['builtin', 'cvent']).default('builtin'),
  CVENT_URL: url(['http:', 'https:']).optional(),
  CVENT_CALLBACK_SECRET: z.string().min(16).optional(),
  CONTENT_SOURCE: z.enum(['embedded', 'upstream']).default('embedded'),
  CONTENT_UPSTREAM_NBC_ENVIRONMENT_ID: z.string().uuid().optional(),
  CONTENT_UPSTREAM_NBC_KEY: z.string().min(1).optional(),
  CONTENT_UPSTREAM_ABC_ENVIRONMENT_ID: z.string().uuid().optional(),
  CONTENT_UPSTREAM_ABC_KEY: z.string().min(1).optional(),
  CONTENT_UPSTREAM_URL: url(['http:', 'https:']).optional(),
  CONTENT_UPSTREAM_MODE: z.enum(['delivery', 'preview']).default('delivery'),
  TRUST_PROXY: trustProxy.optional().transform((v) => v ?? false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, optionally with a name: Event team <events@example.com>')
    .default('Event portal <no-reply@event-portal.example.com>'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^\S+$/, 'must not contain spaces').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the METRICS_PORT listener binds: loopback unless an internal interface is named. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** The badges' Ed25519 key (docs/event-days.md): any random text of 32+ characters, hashed into the key's seed. */
  BADGE_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  /** Public keys of retired badge keys (comma-separated base64url SPKI) still accepted at the doors after a rotation. */
  BADGE_RETIRED_PUBLIC_KEYS: z
    .string()
    .transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean))
    .refine((keys) => keys.every((k) => /^[A-Za-z0-9_-]{40,80}$/.test(k)), 'must be base64url SPKI keys, comma-separated (GET /api/CheckIn/Config lists them)')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The report code of demo mode (README's demo accounts); refused outside it. */
export const DEMO_REPORT_CODE = 'REPORTS27';

/** The keys generated into DATA_DIR when the environment gives none (refused on PostgreSQL outside demo mode). */
export type GeneratedSecret = 'JWT_SECRET' | 'CODE_HASH_KEY' | 'TOTP_ENCRYPTION_KEY' | 'BADGE_SIGNING_KEY';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Image renditions on disk (content service), bounded by size, oldest out. */
  renditionCache: { dir: string; maxBytes: number };
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  jwtSecret: Uint8Array;
  codeHashKey: Uint8Array;
  /** AES-256-GCM key of the organizers' TOTP secrets at rest (derived from TOTP_ENCRYPTION_KEY). */
  totpEncryptionKey: Uint8Array;
  tokenTtlSeconds: number;
  /** undefined: load demo data only into an empty embedded database. */
  demoData: boolean | undefined;
  demoStores: number;
  reportEmailDomain: string;
  reportCode: string;
  /** REPORT_CODE was not set: the demo code is in use (refused outside demo mode). */
  reportCodeIsDemoDefault: boolean;
  /** Secrets the environment did not give, generated into DATA_DIR (refused on PostgreSQL outside demo mode). */
  generatedSecrets: GeneratedSecret[];
  loginFailuresPerEmailHour: number;
  loginFailuresPerIpHour: number;
  loginFailuresPerCodeHour: number;
  /** Failures per access code and client address: a hard limit (the per-code budget is shared, see auth.service.ts). */
  loginFailuresPerCodeIpHour: number;
  loginFailuresPerReportHour: number;
  /** Hours an unused registration link stays usable (`LINK_TTL_HOURS`). */
  linkTtlHours: number;
  /** New people per any-e-mail access code and hour (`NEW_PEOPLE_PER_CODE_HOUR`). */
  newPeoplePerCodeHour: number;
  /** Reminder and digest mails per address and UTC day (`REMINDERS_PER_RECIPIENT_DAY`). */
  remindersPerRecipientDay: number;
  /** Hours after the end of an event's last day (UTC) that its door devices' tokens keep working (`CHECKIN_DEVICE_GRACE_HOURS`). */
  checkInDeviceGraceHours: number;
  registrationProvider: 'builtin' | 'cvent';
  cvent: { url: string; callbackSecret: string } | undefined;
  contentSource: 'embedded' | 'upstream';
  contentUpstream: {
    /** delivery: published content with a secure-access key; preview (drafts too) only when asked. */
    mode: 'delivery' | 'preview';
    baseUrl: string | undefined;
    nbc: { environmentId: string; key: string | undefined } | undefined;
    abc: { environmentId: string; key: string | undefined } | undefined;
  };
  /** false, a hop count, or the proxies' addresses and ranges (fastify's trustProxy). */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  /** unset: mails stay in the outbox (readable in the organizer console). */
  smtpUrl: string | undefined;
  mailFrom: { name: string; address: string };
  /** Bearer token of /metrics on the portal's port (metrics are off without it and without metricsPort). */
  metricsToken: string | undefined;
  /** A second listener serving only /metrics. */
  metricsPort: number | undefined;
  /** The interface that listener binds to (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /** How long a SIGTERM waits for requests in flight before closing their connections. */
  shutdownGraceSeconds: number;
  /** Webhook endpoints may reach loopback, private, link-local and metadata addresses (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** AES-256-GCM key of the webhook signing secrets at rest (derived from TOTP_ENCRYPTION_KEY, own label). */
  webhookSecretKey: Uint8Array;
  /** Company sign-in (OIDC_*); undefined: off. */
  oidc: OidcConfig | undefined;
  /** The badge signing key's secret (BADGE_SIGNING_KEY, or generated into DATA_DIR); see modules/badges/badge-code.ts. */
  badgeSigningKey: string;
  /** Retired badges keys' public keys (base64url SPKI), still accepted at the doors. */
  badgeRetiredPublicKeys: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

interface LocalSecrets {
  jwtSecret: string;
  codeHashKey: string;
  totpEncryptionKey: string;
}

/**
 * Secrets generated once and kept in the data dir when the environment gives none. A file of an
 * older version (no TOTP key yet) gets the missing key added; the keys it had stay as they were.
 */
function localSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  const generate = () => randomBytes(48).toString('base64url');
  if (existsSync(file)) {
    const parsed = z
      .object({ jwtSecret: z.string().min(32), codeHashKey: z.string().min(32), totpEncryptionKey: z.string().min(32).optional() })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new ConfigError([`${file} is not a valid secrets file; remove it to generate a new one`]);
    if (parsed.data.totpEncryptionKey) return { ...parsed.data, totpEncryptionKey: parsed.data.totpEncryptionKey };
    const completed = { ...parsed.data, totpEncryptionKey: generate() };
    writeFileSync(file, JSON.stringify(completed, null, 2), { mode: 0o600 });
    return completed;
  }
  const secrets = { jwtSecret: generate(), codeHashKey: generate(), totpEncryptionKey: generate() };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/**
 * The badge signing key's secret kept in the data dir when BADGE_SIGNING_KEY is not set (the
 * embedded default; refused on PostgreSQL outside demo mode, production-mode.ts).
 */
function localBadgeKey(dataDir: string): string {
  const file = join(dataDir, 'badge-signing-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < 32) throw new ConfigError([`${file} is not a valid badge key file; set BADGE_SIGNING_KEY or remove the file (old badges stop admitting)`]);
    return key;
  }
  const key = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** `Name <address>` or a bare address. */
function parseMailFrom(value: string): { name: string; address: string } {
  const named = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return named ? { name: named[1]!.replace(/^"|"$/g, ''), address: named[2]! } : { name: '', address: value.trim() };
}

/** Host values that make a listener answer on every interface. */
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]', '::0', '0', '*', '0:0:0:0:0:0:0:0']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.REGISTRATION_PROVIDER === 'cvent' && (!e.CVENT_URL || !e.CVENT_CALLBACK_SECRET)) {
    problems.push('CVENT_URL and CVENT_CALLBACK_SECRET: required when REGISTRATION_PROVIDER=cvent');
  }
  if (e.CONTENT_SOURCE === 'upstream' && !e.CONTENT_UPSTREAM_NBC_ENVIRONMENT_ID && !e.CONTENT_UPSTREAM_ABC_ENVIRONMENT_ID) {
    problems.push('CONTENT_UPSTREAM_NBC_ENVIRONMENT_ID or CONTENT_UPSTREAM_ABC_ENVIRONMENT_ID: required when CONTENT_SOURCE=upstream');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: must differ from PORT');
  }
  // A scraper on another host needs the listener on an interface it reaches; all of them, without a
  // token, would publish the metrics to anyone who reaches the machine.
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN && ALL_INTERFACES.has(e.METRICS_HOST.trim().toLowerCase())) {
    problems.push(
      `METRICS_HOST: ${e.METRICS_HOST} would serve /metrics on every interface without a token: set METRICS_TOKEN (16+ characters, the scraper sends it as a bearer token) or bind METRICS_HOST to an internal address (default 127.0.0.1)`,
    );
  }
  const oidc = parseOidcEnv(blankless);
  problems.push(...oidc.problems);
  if (problems.length) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  const needLocal = !e.JWT_SECRET || !e.CODE_HASH_KEY || !e.TOTP_ENCRYPTION_KEY;
  const local = needLocal ? localSecrets(dataDir) : undefined;
  const encoder = new TextEncoder();
  const upstream = (id: string | undefined, key: string | undefined) => (id ? { environmentId: id, key } : undefined);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    renditionCache: { dir: resolve(e.RENDITION_CACHE_DIR ?? join(dataDir, 'renditions')), maxBytes: e.RENDITION_CACHE_MAX_MB * 1024 * 1024 },
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    jwtSecret: encoder.encode(e.JWT_SECRET ?? local!.jwtSecret),
    codeHashKey: encoder.encode(e.CODE_HASH_KEY ?? local!.codeHashKey),
    totpEncryptionKey: deriveSecretBoxKey(e.TOTP_ENCRYPTION_KEY ?? local!.totpEncryptionKey, 'totp-secrets v1'),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    demoData: e.DEMO_DATA,
    demoStores: e.DEMO_STORES,
    reportEmailDomain: e.REPORT_EMAIL_DOMAIN.toLowerCase(),
    reportCode: e.REPORT_CODE ?? DEMO_REPORT_CODE,
    reportCodeIsDemoDefault: e.REPORT_CODE === undefined,
    generatedSecrets: [
      ...(e.JWT_SECRET ? [] : (['JWT_SECRET'] as const)),
      ...(e.CODE_HASH_KEY ? [] : (['CODE_HASH_KEY'] as const)),
      ...(e.TOTP_ENCRYPTION_KEY ? [] : (['TOTP_ENCRYPTION_KEY'] as const)),
      ...(e.BADGE_SIGNING_KEY ? [] : (['BADGE_SIGNING_KEY'] as const)),
    ],
    loginFailuresPerEmailHour: e.LOGIN_FAILURES_PER_EMAIL_HOUR,
    loginFailuresPerIpHour: e.LOGIN_FAILURES_PER_IP_HOUR,
    loginFailuresPerCodeHour: e.LOGIN_FAILURES_PER_CODE_HOUR,
    loginFailuresPerCodeIpHour: e.LOGIN_FAILURES_PER_CODE_IP_HOUR,
    loginFailuresPerReportHour: e.LOGIN_FAILURES_PER_REPORT_HOUR,
    linkTtlHours: e.LINK_TTL_HOURS,
    newPeoplePerCodeHour: e.NEW_PEOPLE_PER_CODE_HOUR,
    remindersPerRecipientDay: e.REMINDERS_PER_RECIPIENT_DAY,
    checkInDeviceGraceHours: e.CHECKIN_DEVICE_GRACE_HOURS,
    registrationProvider: e.REGISTRATION_PROVIDER,
    cvent: e.CVENT_URL && e.CVENT_CALLBACK_SECRET ? { url: e.CVENT_URL, callbackSecret: e.CVENT_CALLBACK_SECRET } : undefined,
    contentSource: e.CONTENT_SOURCE,
    contentUpstream: {
      mode: e.CONTENT_UPSTREAM_MODE,
      baseUrl: e.CONTENT_UPSTREAM_URL,
      nbc: upstream(e.CONTENT_UPSTREAM_NBC_ENVIRONMENT_ID, e.CONTENT_UPSTREAM_NBC_KEY),
      abc: upstream(e.CONTENT_UPSTREAM_ABC_ENVIRONMENT_ID, e.CONTENT_UPSTREAM_ABC_KEY),
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: parseMailFrom(e.MAIL_FROM),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookSecretKey: deriveSecretBoxKey(e.TOTP_ENCRYPTION_KEY ?? local!.totpEncryptionKey, 'webhook-secrets v1'),
    oidc: oidc.config,
    badgeSigningKey: e.BADGE_SIGNING_KEY ?? localBadgeKey(dataDir),
    badgeRetiredPublicKeys: e.BADGE_RETIRED_PUBLIC_KEYS ?? [],
  };
}
