import path from 'node:path';
import { z } from 'zod';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type SqliteSynchronous = 'NORMAL' | 'FULL';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  /** How an embedded database commits: NORMAL (the default in WAL mode) or FULL (an fsync each). */
  sqliteSynchronous: SqliteSynchronous;
  photosDir: string;
  /** A catalogue folder to seed an empty database from instead of the demo (CATALOGUE_DIR). */
  catalogueDir?: string;
  /** Built app to serve; undefined serves the API only (server tests). */
  distDir?: string;
  /** Extra hosts whose photos the image proxy may fetch. */
  photoHosts: string[];
  publicUrl?: string;
  /**
   * Where the server keeps its own files: the action secret (when ACTION_SECRET is unset) and, without
   * SMTP, every email as an .eml file under mail/. DATA_DIR, else the embedded database's folder.
   */
  dataDir: string;
  /** Signs the team's Confirm, Decline and Cancel links; generated into dataDir when unset. */
  actionSecret?: string;
  /** Days a new order request holds its items unless the team confirms it. */
  holdDays: number;
  smtpUrl?: string;
  mailFrom: string;
  businessEmail: string;
  trustProxy: boolean;
  /** Bytes of compressed catalogue answers kept in memory. */
  catalogueCacheBytes: number;
  /** Bytes of rendered pages kept in memory (PAGE_CACHE_MB). */
  pageCacheBytes: number;
  /**
   * PAGE_CACHE_CONTROL: the Cache-Control of the shop's public pages, the same for every visitor, so
   * a shared cache or CDN may keep them. /checkout, /success and the team's pages are always
   * `private, no-store`.
   */
  pageCacheControl: string;
  /** How often, at most, a process reads the catalogue data version (ms). */
  catalogueVersionCheckMs: number;
  /** How long a stopping server waits for requests in flight (ms). */
  shutdownTimeoutMs: number;
  /** LOG_LEVEL: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** METRICS_TOKEN: lets /metrics be read from outside loopback, as a Bearer token. */
  metricsToken?: string;
  /**
   * Online card payments through Stripe Checkout: on only when STRIPE_SECRET_KEY and
   * STRIPE_WEBHOOK_SECRET are both set. STRIPE_API_URL points the client elsewhere (a test's own server).
   */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /** Below this many free bytes on the data folder's disk, /api/ready answers 503 (READY_MIN_FREE_MB). */
  readyMinFreeBytes: number;
  /** Scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): none unless BACKUP_DIR is set. */
  backup?: { dir: string; everyMs: number; keep: number };
  rateLimits: {
    contact: RateLimit;
    orders: RateLimit;
    /** Confirmation emails per IP. */
    email: RateLimit;
    /** Emails per recipient address, whoever asks. */
    emailRecipient: RateLimit;
    /** Customer lookups by email per IP. */
    lookup: RateLimit;
    /** New moodboard preview drawings per IP (cached ones are free). */
    preview: RateLimit;
    /** Team sign-in links asked for, per address. */
    teamSignIn: RateLimit;
    /** Team sign-in links asked for (and sign-in pages posted), per IP. */
    teamSignInIp: RateLimit;
  };
}

/** "5/600" means 5 requests per 600 seconds. */
/**
 * Public pages: every visit revalidates with the browser's copy (a 304 when nothing changed); a
 * shared cache serves its copy for a minute, then up to five more while it fetches a fresh one.
 */
export const DEFAULT_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

const rateLimitSpec = z
  .string()
  .regex(/^\d+\/\d+$/, 'a rate limit is written COUNT/SECONDS, e.g. 5/600')
  .transform((spec): RateLimit => {
    const [limit, seconds] = spec.split('/').map(Number) as [number, number];
    return { limit, windowMs: seconds * 1000 };
  });

/** "30m", "6h" or "1d": a time between scheduled backups, at least 5 minutes. */
const duration = z
  .string()
  .regex(/^\d+(m|h|d)$/, 'a duration is written as minutes, hours or days, e.g. 30m, 6h or 1d')
  .transform(
    (spec) => Number.parseInt(spec, 10) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[spec.slice(-1) as 'm' | 'h' | 'd'],
  )
  .refine((ms) => ms >= 5 * 60_000, 'scheduled backups are at least 5 minutes apart');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().default('data/storefront.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('NORMAL'),
  PHOTOS_DIR: z.string().default('data/photos'),
  DIST_DIR: z.string().default('dist'),
  CATALOGUE_DIR: z.string().optional(),
  PHOTO_HOSTS: z.string().default(''),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL is a mail server URL, e.g. smtps://user:pass@smtp.example.com:465')
    .optional(),
  DATA_DIR: z.string().optional(),
  ACTION_SECRET: z.string().min(32, 'ACTION_SECRET must be at least 32 characters').optional(),
  HOLD_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s<>@]+@[^\s<>@]+>?$/, 'MAIL_FROM is an address, e.g. Shop Name <hello@example.com>')
    .optional(),
  BUSINESS_EMAIL: z.email('BUSINESS_EMAIL must be an email address').optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  CATALOGUE_CACHE_MB: z.coerce.number().min(1).max(4096).default(64),
  PAGE_CACHE_MB: z.coerce.number().min(1).max(4096).default(32),
  PAGE_CACHE_CONTROL: z
    .string()
    .trim()
    .regex(
      /^[a-z-]+(=\d+)?(\s*,\s*[a-z-]+(=\d+)?)*$/,
      'PAGE_CACHE_CONTROL is a Cache-Control value, e.g. public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    )
    .default(DEFAULT_PAGE_CACHE_CONTROL),
  CATALOGUE_VERSION_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY is a Stripe secret key, sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET is the signing secret of the webhook endpoint, whsec_…')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'STRIPE_API_URL is an http(s) URL' }).optional(),
  READY_MIN_FREE_MB: z.coerce.number().min(0).max(1_000_000).default(100),
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY: duration.default(24 * 60 * 60 * 1000),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  RATE_LIMIT_CONTACT: rateLimitSpec.default({ limit: 5, windowMs: 600_000 }),
  RATE_LIMIT_ORDERS: rateLimitSpec.default({ limit: 20, windowMs: 3_600_000 }),
  RATE_LIMIT_EMAIL: rateLimitSpec.default({ limit: 10, windowMs: 3_600_000 }),
  RATE_LIMIT_EMAIL_RECIPIENT: rateLimitSpec.default({ limit: 5, windowMs: 3_600_000 }),
  RATE_LIMIT_LOOKUP: rateLimitSpec.default({ limit: 20, windowMs: 60_000 }),
  RATE_LIMIT_PREVIEW: rateLimitSpec.default({ limit: 30, windowMs: 60_000 }),
  RATE_LIMIT_TEAM_SIGN_IN: rateLimitSpec.default({ limit: 5, windowMs: 900_000 }),
  RATE_LIMIT_TEAM_SIGN_IN_IP: rateLimitSpec.default({ limit: 30, windowMs: 900_000 }),
});

/**
 * Without SMTP every email is only written to the mail folder, so these stand in: addresses of the
 * reserved example.com domain, never a real business's (a real one must be set to send mail).
 */
export const UNSENT_BUSINESS_EMAIL = 'team@example.com';
export const UNSENT_MAIL_FROM = 'Storefront <shop@example.com>';

/** With SMTP_URL set, mail really goes out: these must be the business's own, never a default. */
const REQUIRED_WITH_SMTP = {
  BUSINESS_EMAIL: 'the address that receives every order request, reminder and contact message',
  MAIL_FROM: 'the sender of every email, e.g. "Shop Name <hello@example.com>"',
  PUBLIC_URL: 'the shop’s public address, e.g. https://shop.example.com: links and photos in emails point there',
} as const;

/** The embedded database's folder, or data/ when the database is a server. */
function defaultDataDir(databaseUrl: string): string {
  if (/^(libsql|https?|wss?):\/\//i.test(databaseUrl)) return 'data';
  return path.dirname(databaseUrl.replace(/^file:/, ''));
}

/**
 * The environment is wrong: every problem, one line each. The server and the command-line tools
 * print it as it is and stop, with no stack trace (`exitOnConfigError`).
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  // A variable set to nothing (`BUSINESS_EMAIL=`) is not set.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  // Every problem at once: the schema's, and the mail settings SMTP_URL needs.
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (set.SMTP_URL) {
    for (const name of Object.keys(REQUIRED_WITH_SMTP) as (keyof typeof REQUIRED_WITH_SMTP)[]) {
      if (!set[name]) problems.push(`${name} is required when SMTP_URL is set: ${REQUIRED_WITH_SMTP[name]}`);
    }
  }
  if (Boolean(set.STRIPE_SECRET_KEY) !== Boolean(set.STRIPE_WEBHOOK_SECRET)) {
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to take card payments online, or neither',
    );
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseAuthToken: e.DATABASE_AUTH_TOKEN,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    photosDir: path.resolve(root, e.PHOTOS_DIR),
    distDir: path.resolve(root, e.DIST_DIR),
    catalogueDir: e.CATALOGUE_DIR ? path.resolve(root, e.CATALOGUE_DIR) : undefined,
    photoHosts: e.PHOTO_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(root, e.DATA_DIR ?? defaultDataDir(e.DATABASE_URL)),
    actionSecret: e.ACTION_SECRET,
    holdDays: e.HOLD_DAYS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM ?? UNSENT_MAIL_FROM,
    businessEmail: e.BUSINESS_EMAIL ?? UNSENT_BUSINESS_EMAIL,
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    catalogueCacheBytes: Math.round(e.CATALOGUE_CACHE_MB * 1024 * 1024),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheControl: e.PAGE_CACHE_CONTROL,
    catalogueVersionCheckMs: e.CATALOGUE_VERSION_CHECK_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    readyMinFreeBytes: Math.round(e.READY_MIN_FREE_MB * 1024 * 1024),
    backup: e.BACKUP_DIR
      ? { dir: path.resolve(root, e.BACKUP_DIR), everyMs: e.BACKUP_EVERY, keep: e.BACKUP_KEEP }
      : undefined,
    rateLimits: {
      contact: e.RATE_LIMIT_CONTACT,
      orders: e.RATE_LIMIT_ORDERS,
      email: e.RATE_LIMIT_EMAIL,
      emailRecipient: e.RATE_LIMIT_EMAIL_RECIPIENT,
      lookup: e.RATE_LIMIT_LOOKUP,
      preview: e.RATE_LIMIT_PREVIEW,
      teamSignIn: e.RATE_LIMIT_TEAM_SIGN_IN,
      teamSignInIp: e.RATE_LIMIT_TEAM_SIGN_IN_IP,
    },
  };
}

/**
 * For the server's and the tools' entry points: the configuration, or its problems printed one per
 * line (no stack trace: nothing in it is a bug) and exit code 78 (EX_CONFIG).
 */
export function exitOnConfigError<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
