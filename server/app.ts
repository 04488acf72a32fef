import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES } from '../src/lib/api-contract';
import { PREFIX } from '../src/lib/route-prefixes';
import type { Services } from './app-services';
import { isEmbedded } from './db/client';
import { DomainError } from './lib/domain-errors';
import { IN_PROCESS } from './middleware/client-ip';
import { idempotency } from './middleware/idempotency';
import { securityHeaders } from './middleware/security-headers';
import { type DevRendering, pageRoutes } from './render/page-routes';
import { boardPreviewRoutes } from './routes/board-preview';
import { bookingRoutes } from './routes/bookings';
import { businessRoutes } from './routes/business';
import { catalogueRoutes } from './routes/catalogue';
import { customerRoutes } from './routes/customers';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { operationsRoutes } from './routes/operations';
import { staticAppRoutes } from './routes/static-app';
import { workspaceRoutes } from './routes/team';
import { holdingRequests, mailFigures } from './services/operations';

/**
 * Builds the whole HTTP app (API, photos, built client) over the process's services without
 * listening: tests call app.request(). `dev` is `npm run dev`: pages rendered by Vite's modules.
 */
export function createApp(services: Services, dev?: DevRendering) {
  const { db, config, catalogue, booking, logger, metrics, clock } = services;
  const app = new Hono();
  metrics.sources.catalogue = () => catalogue.answers.stats();
  // Two gauges read the mail queue at each scrape: one query serves both.
  let mailRead: { at: number; figures: ReturnType<typeof mailFigures> } | undefined;
  metrics.sources.mail = () => {
    const at = Date.now();
    if (!mailRead || at - mailRead.at > 1000) mailRead = { at, figures: mailFigures(db, clock()) };
    return mailRead.figures;
  };
  metrics.sources.holds = () => holdingRequests(db, booking);

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
  app.use(`${PREFIX.api}/*`, (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  app.use(`${PREFIX.api}/*`, idempotency(db, { claimsInMemory: isEmbedded(db) }));

  // The business's settings as of the data version, for the booking rules, emails and team pages
  // below (pages read them through the API; static files and photos need none).
  const freshSettings: MiddlewareHandler = async (_c, next) => {
    // With the database out of reach, the settings last read stand.
    await services.settings.fresh().catch(() => undefined);
    await next();
  };
  app.use(`${PREFIX.api}/*`, freshSettings);
  app.use(`${PREFIX.team}/*`, freshSettings);
  app.use(PREFIX.team, freshSettings);
  app.route('/', businessRoutes(services));
  app.route(PREFIX.api, catalogueRoutes(services));
  app.route(`${PREFIX.api}/customers`, customerRoutes(services));
  app.route(PREFIX.api, messageRoutes(services));
  // The team's workspace: before the page renderer and its cache, which never see a /team path.
  app.route(PREFIX.team, workspaceRoutes(services));
  app.route('/', mediaRoutes(services));
  app.route(PREFIX.api, boardPreviewRoutes(services));
  app.route('/', bookingRoutes(services));
  app.route('/', operationsRoutes(services));
  app.all(`${PREFIX.api}/*`, (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` }, 404));
  if (config.distDir || dev) {
    if (!dev && config.distDir) app.route('/', staticAppRoutes(config.distDir));
    app.route(
      '/',
      pageRoutes({
        distDir: config.distDir ?? '',
        dev,
        // Marked as the server's own (a binding no outside request can carry): the page's request was
        // already counted where a count is due (a wrong booking link).
        api: (request) => app.fetch(request, IN_PROCESS),
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
    if (error instanceof DomainError) return c.json(error.body(), error.status);
    logger.error({ err: error, method: c.req.method, path: c.req.path }, `${c.req.method} ${c.req.path} failed`);
    return c.json({ error: 'Internal server error' }, 500);
  });
  return app;
}
