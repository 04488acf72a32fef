import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES } from '../src/lib/api-contract';
import type { Booking } from './booking';
import { type CatalogueCache, createCatalogueCache } from './cache/catalogue-cache';
import type { ServerConfig } from './config';
import { type Db, isEmbedded } from './db/client';
import { idempotency } from './middleware/idempotency';
import { securityHeaders } from './middleware/security-headers';
import { type Logger, silentLogger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { type DevRendering, pageRoutes } from './render/page-routes';
import { boardPreviewRoutes } from './routes/board-preview';
import { businessRoutes } from './routes/business';
import { catalogueRoutes } from './routes/catalogue';
import { customerRoutes } from './routes/customers';
import { mediaRoutes, type ProxyDeps } from './routes/media';
import { messageRoutes } from './routes/messages';
import { operationsRoutes } from './routes/operations';
import { staticAppRoutes } from './routes/static-app';
import { workspaceRoutes } from './routes/team';
import { resolveActionSecret } from './services/action-tokens';
import { holdingRequests, mailFigures } from './services/operations';
import { countRefusals, databaseRateLimiter, memoryRateLimiter, type RateLimiter } from './services/rate-limiter';
import { shopBooking } from './services/shop-booking';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  proxy?: ProxyDeps;
  limiter?: RateLimiter;
  /** The catalogue's answer cache and data version; made from the config when not given. */
  cache?: CatalogueCache;
  /** The time, for holds, action links and rate-limit windows (tests move it). */
  clock?: () => Date;
  /** The booking rules; the shop's own (its settings, this clock) when not given. */
  booking?: Booking;
  /** Told when emails were queued: the process's mail sender looks at the queue at once. */
  mailQueued?: () => void;
  /** Where log lines go (silent unless given). */
  logger?: Logger;
  /** The process's metrics (GET /metrics); a registry of the app's own when not given. */
  metrics?: Metrics;
  /** `npm run dev`: pages rendered by Vite's modules (the built app is not served). */
  dev?: DevRendering;
}

/** Builds the whole HTTP app (API, photos, built client) without listening: tests call app.request(). */
export function createApp({
  db,
  config,
  proxy,
  limiter,
  cache,
  clock = () => new Date(),
  booking,
  mailQueued = () => {},
  logger = silentLogger,
  metrics = createMetrics(),
  dev,
}: AppDeps) {
  const app = new Hono();
  const secret = resolveActionSecret(config.actionSecret, config.dataDir);
  // An embedded file has one process: it counts in memory. Processes sharing a libSQL server count
  // together in the database. Both count their windows on the app's clock.
  const now = () => clock().getTime();
  const limits = countRefusals(
    limiter ?? (isEmbedded(db) ? memoryRateLimiter(now) : databaseRateLimiter(db, now)),
    metrics.rateLimited,
  );
  const catalogue =
    cache ??
    createCatalogueCache(db, { maxBytes: config.catalogueCacheBytes, versionCheckMs: config.catalogueVersionCheckMs });
  booking ??= shopBooking(catalogue.business, clock);
  const bookingRules = booking;
  metrics.sources.catalogue = () => catalogue.answers.stats();
  // Two gauges read the mail queue at each scrape: one query serves both.
  let mailRead: { at: number; figures: ReturnType<typeof mailFigures> } | undefined;
  metrics.sources.mail = () => {
    const at = Date.now();
    if (!mailRead || at - mailRead.at > 1000) mailRead = { at, figures: mailFigures(db, clock()) };
    return mailRead.figures;
  };
  metrics.sources.holds = () => holdingRequests(db, bookingRules);

  app.use('*', securityHeaders());
  // Answers to reads are compressed; answers to writes (an order's or message's receipt, a few
  // hundred bytes, sent once) are not: a compressor per response cost an order 0.3 ms of CPU.
  const gzip = compress();
  app.use('*', (c, next) => (c.req.method === 'GET' ? gzip(c, next) : next()));

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: `Request body is larger than ${MAX_BODY_BYTES / 1024} KB` }, 413),
  });
  // Only requests that may carry a body: the limit reads the body stream, which costs a GET dearly.
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  app.use('/api/*', idempotency(db, { claimsInMemory: isEmbedded(db) }));

  // The business's settings as of the data version, for the booking rules, emails and team pages
  // below (pages read them through the API; static files and photos need none).
  const freshSettings: MiddlewareHandler = async (_c, next) => {
    // With the database out of reach, the settings last read stand.
    await catalogue.business.fresh().catch(() => undefined);
    await next();
  };
  app.use('/api/*', freshSettings);
  app.use('/team/*', freshSettings);
  app.use('/team', freshSettings);
  app.route(
    '/',
    businessRoutes({ business: catalogue.business, photosDir: config.photosDir, distDir: config.distDir ?? '' }),
  );
  app.route('/api', catalogueRoutes(db, config.photosDir, catalogue, booking));
  app.route('/api/customers', customerRoutes(db, limits, config));
  const holdsChanged = () => catalogue.version.refresh();
  const business = catalogue.business.current;
  app.route(
    '/api',
    messageRoutes({ db, limiter: limits, config, booking, secret, clock, business, holdsChanged, mailQueued }),
  );
  // The team's workspace: before the page renderer and its cache, which never see a /team path.
  app.route(
    '/team',
    workspaceRoutes({ db, booking, config, secret, clock, business, limiter: limits, holdsChanged, mailQueued }),
  );
  app.route('/', mediaRoutes(config, proxy));
  app.route(
    '/api',
    boardPreviewRoutes(db, config, limits, catalogue.version, () => {
      const { name, logoUrl } = business();
      return { name, logoUrl };
    }),
  );
  app.route('/', operationsRoutes({ db, config, metrics }));
  app.all('/api/*', (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` }, 404));
  if (config.distDir || dev) {
    if (!dev && config.distDir) app.route('/', staticAppRoutes(config.distDir));
    app.route(
      '/',
      pageRoutes({
        distDir: config.distDir ?? '',
        dev,
        api: (request) => app.fetch(request),
        version: catalogue.version,
        publicUrl: config.publicUrl,
        cacheBytes: config.pageCacheBytes,
        cacheControl: config.pageCacheControl,
        logger,
        onPage: metrics.page,
      }),
    );
  }

  app.notFound((c) => c.json({ error: `Not found: ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    logger.error({ err: error, method: c.req.method, path: c.req.path }, `${c.req.method} ${c.req.path} failed`);
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}
