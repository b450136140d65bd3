import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS, DEFAULT_POOL_MAX, type DatabaseTimeouts } from './db/timeouts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const milliseconds = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(fallback));

/**
 * Reverse proxies whose X-Forwarded-For entries are believed (docs/decisions/016): how many stand in front
 * of the app (0: none, the default), or the addresses and ranges they send from.
 */
export type TrustProxy = { hops: number } | { ranges: string[] };

function isAddressRange(range: string): boolean {
  const [address = '', prefix, ...rest] = range.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxySetting = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      if (value === undefined) return { hops: 0 };
      if (/^\s*\d+\s*$/.test(value)) return { hops: Number(value) };
      const ranges = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (ranges.length > 0 && ranges.every(isAddressRange)) return { ranges };
      ctx.addIssue({
        code: 'custom',
        message:
          'muss eine Anzahl Proxys (z. B. 1) oder eine Liste von IP-Adressen/CIDR-Bereichen sein (z. B. 10.0.0.0/8,fd00::/8)',
      });
      return z.NEVER;
    }),
);

// Every variable, parsed once at start (docs/architecture.md#configuration).
const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).optional()),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'muss mit postgres:// oder postgresql:// beginnen')
      .optional(),
  ),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  // Connections one instance keeps to PostgreSQL at most: several instances share the server's max_connections
  // (100 by default), and one that finds them taken answers 503 (docs/decisions/063-test-speed.md).
  DATABASE_POOL_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_MAX),
  ),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'mindestens 32 Zeichen').optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'muss mit smtp:// oder smtps:// beginnen')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  // S3 storage (docs/decisions/029-s3-storage.md): chosen when S3_BUCKET is set; checked in s3ConfigOf.
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'muss eine http(s)-URL sein, z. B. https://s3.example.com' })
      .optional(),
  ),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'muss ein Bucket-Name sein: 3–63 Zeichen aus Kleinbuchstaben, Ziffern, Punkt und Bindestrich',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'muss eine Region sein, z. B. us-east-1 oder eu-central-1')
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  S3_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https$/,
        error:
          'muss eine https-URL sein (die Seiten laden Bilder nur über https), z. B. https://cdn.example.com',
      })
      .optional(),
  ),
  AUTH_CODE_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(60),
  ),
  // Sign-in mails sent and codes tried per client address in ten minutes (an office behind one address);
  // the browser journeys all come from 127.0.0.1 and set more (docs/product/accounts-and-consent.md#sign-in-rate-limits).
  AUTH_CLIENT_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(30)),
  // Requests per minute and API key to /api/v1 (docs/product/api.md#rate-limit).
  API_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(600)),
  // Open live-seat streams per client address (an IPv6 one by its /64) and per instance (decision 062).
  LIVE_STREAMS_PER_CLIENT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(100),
  ),
  LIVE_STREAMS_MAX: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  ),
  // How long a SIGTERM waits for requests in flight before it closes their connections (decision 033).
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(3600).default(10),
  ),
  // The built-in test provider's SEPA debit: seconds from 'Lastschrift erteilen' to its chosen outcome
  // (docs/decisions/056-payment-methods-and-the-checkout.md); 180 lets the demo show the processing state.
  TEST_SEPA_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .default(180),
  ),
  // How often the reconciliation asks about open payment attempts (decision 055); the browser tests shorten it so
  // a test SEPA debit's verdict comes seconds after it is due, not up to a minute later (decision 063).
  RECONCILE_INTERVAL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3600).default(60),
  ),
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  // Webhooks to private or local addresses, for tests and development only (docs/product/webhooks.md#ssrf).
  WEBHOOKS_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  TRUST_PROXY: trustProxySetting,
  // Scrapes of /metrics from other machines (docs/architecture.md#metrics, decision 032).
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'mindestens 16 Zeichen').optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseTimeouts: DatabaseTimeouts;
  /** The most connections this instance keeps to PostgreSQL (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  appSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  /** S3 storage instead of DATA_DIR/uploads, when S3_BUCKET is set. */
  s3: S3Config | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Bearer token that lets other machines scrape /metrics; unset: only this machine may. */
  metricsToken: string | undefined;
  /** Least seconds between two sign-in mails to one address (60, the client's resend countdown; tests lower it). */
  authCodeIntervalSeconds: number;
  /** AUTH_CLIENT_LIMIT: sign-in mails and code tries per client address in ten minutes. */
  authClientLimit: number;
  /** API_RATE_LIMIT: requests per minute and API key to /api/v1. */
  apiRateLimit: number;
  /** LIVE_STREAMS_PER_CLIENT and LIVE_STREAMS_MAX: open live-seat streams per client and instance (decision 062). */
  liveStreams: { perClient: number; total: number };
  /** On SIGTERM, the longest wait for requests in flight before their connections are closed (decision 033). */
  shutdownGraceSeconds: number;
  /** The test provider's SEPA debit decides this many seconds after it was given (TEST_SEPA_DELAY_SECONDS). */
  testSepaDelaySeconds: number;
  /** RECONCILE_INTERVAL_SECONDS: seconds between two rounds of the reconciliation job. */
  reconcileIntervalSeconds: number;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may go to private and loopback addresses (tests, development). */
  webhooksAllowPrivate: boolean;
}

/** Where uploads go when S3_BUCKET is set (docs/decisions/029-s3-storage.md). */
export interface S3Config {
  /** An S3-compatible service (MinIO, Garage, Ceph, …); unset: AWS S3 in `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`; default: when an endpoint is set. */
  forcePathStyle: boolean;
  /** Base URL the bucket's files are public under (no trailing slash); unset: the app serves /uploads itself. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parsedOrThrow<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Ungültige Konfiguration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parsedOrThrow(envSchema, env);
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = (['APP_SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`In production (NODE_ENV=production) fehlt: ${missing.join(', ')}`);
    }
  }
  const s3 = s3ConfigOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    production,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    databasePoolMax: e.DATABASE_POOL_MAX,
    appSecret: e.APP_SECRET ?? readOrCreateDevSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Wachstumsraum <noreply@localhost>',
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    s3,
    // Never in production, on by default elsewhere (docs/architecture.md#configuration).
    seedDemo: !production && (e.SEED_DEMO === undefined || e.SEED_DEMO === 'true' || e.SEED_DEMO === '1'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    authCodeIntervalSeconds: e.AUTH_CODE_INTERVAL_SECONDS,
    authClientLimit: e.AUTH_CLIENT_LIMIT,
    apiRateLimit: e.API_RATE_LIMIT,
    liveStreams: { perClient: e.LIVE_STREAMS_PER_CLIENT, total: e.LIVE_STREAMS_MAX },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    testSepaDelaySeconds: e.TEST_SEPA_DELAY_SECONDS,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true' || e.WEBHOOKS_ALLOW_PRIVATE === '1',
  };
}

/**
 * Where the data lives, for `npm run restore` (docs/decisions/030-backups.md): unlike loadConfig it needs none of
 * the other variables and creates nothing in DATA_DIR (no generated APP_SECRET), which must stay empty.
 */
export function loadDataLocation(env: NodeJS.ProcessEnv = process.env): {
  dataDir: string;
  databaseUrl: string | undefined;
  s3Bucket: string | undefined;
} {
  const e = parsedOrThrow(envSchema.pick({ DATA_DIR: true, DATABASE_URL: true, S3_BUCKET: true }), env);
  return { dataDir: path.resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL, s3Bucket: e.S3_BUCKET };
}

/** Outside production the signing key is generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/** S3 needs a bucket and both keys; the other S3_* variables without a bucket are a mistake, not a fallback. */
function s3ConfigOf(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_COMPANIONS.filter((name) => e[name] !== undefined);
    if (stray.length === 0) return undefined;
    throw new ConfigError(
      `S3_BUCKET fehlt: ${stray.join(', ')} gelten nur zusammen mit S3_BUCKET. Ohne S3 bitte alle S3_*-Variablen entfernen; Uploads liegen dann in DATA_DIR/uploads.`,
    );
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(`S3_BUCKET ist gesetzt, es fehlt: ${missing.join(', ')}`);
  }
  const pathStyle = e.S3_FORCE_PATH_STYLE;
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle:
      pathStyle === undefined ? e.S3_ENDPOINT !== undefined : pathStyle === 'true' || pathStyle === '1',
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}
