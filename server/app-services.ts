import type { Booking } from './booking';
import { type CatalogueCache, createCatalogueCache } from './cache/catalogue-cache';
import type { ServerConfig } from './config';
import { signallingDb } from './db/after-commit';
import { type Db, isEmbedded } from './db/client';
import { type CardProvider, stripeProvider } from './money';
import { type Logger, silentLogger } from './observability/logger';
import { createMetrics, type Metrics } from './observability/metrics';
import { resolveActionSecret } from './services/action-tokens';
import { type BusinessStore, businessStore } from './services/business';
import type { ServiceContext } from './services/context';
import type { ProxyDeps } from './services/image-proxy';
import { countRefusals, databaseRateLimiter, memoryRateLimiter, type RateLimiter } from './services/rate-limiter';
import { shopBooking } from './services/shop-booking';

/**
 * Everything a route, a service or a background job may use, built once per process by
 * `createServices` (production and the tests' app alike) and handed to every route factory.
 */
export interface Services extends ServiceContext {
  /** The catalogue's answer cache and data version. */
  catalogue: CatalogueCache;
  /** The business's settings, read again when the data version moves. */
  settings: BusinessStore;
  logger: Logger;
  metrics: Metrics;
  /** How the photo proxy reaches other hosts (tests stand in for DNS and the network). */
  proxy: ProxyDeps;
  /** Listens for committed transactions that queued mail (the mail sender); answers a function that stops listening. */
  onMailQueued(listener: () => void): () => void;
}

export interface ServicesOptions {
  db: Db;
  config: ServerConfig;
  clock?: () => Date;
  /** The catalogue cache; made from the config when not given. */
  catalogue?: CatalogueCache;
  /** The booking rules; the shop's own when not given. */
  booking?: Booking;
  limiter?: RateLimiter;
  logger?: Logger;
  metrics?: Metrics;
  proxy?: ProxyDeps;
  /** Online card payments; Stripe's, from the config, when not given. */
  cards?: CardProvider | null;
}

/** The composition root: wires the database, caches, rules and counters once. */
export function createServices(options: ServicesOptions): Services {
  const { config, clock = () => new Date(), logger = silentLogger, metrics = createMetrics(), proxy = {} } = options;
  const catalogue =
    options.catalogue ??
    createCatalogueCache(options.db, {
      maxBytes: config.catalogueCacheBytes,
      versionCheckMs: config.catalogueVersionCheckMs,
    });
  const mailListeners = new Set<() => void>();
  const db = signallingDb(options.db, async (signals) => {
    if (signals.has('mail')) for (const listener of mailListeners) listener();
    // This process just wrote: its dated answers and settings move on at once.
    await catalogue.version.refresh();
  });
  const settings = businessStore(db, catalogue.version, clock);
  const now = () => clock().getTime();
  // An embedded file has one process: it counts in memory. Processes sharing a libSQL server count
  // together in the database. Both count their windows on the app's clock.
  const limiter = countRefusals(
    options.limiter ?? (isEmbedded(db) ? memoryRateLimiter(now) : databaseRateLimiter(db, now)),
    metrics.rateLimited,
  );
  return {
    db,
    config,
    clock,
    secret: resolveActionSecret(config.actionSecret, config.dataDir),
    catalogue,
    settings,
    business: settings.current,
    booking: options.booking ?? shopBooking(settings, clock),
    limiter,
    cards: options.cards === undefined ? stripeProvider(config.stripe) : options.cards,
    logger,
    metrics,
    proxy,
    onMailQueued(listener) {
      mailListeners.add(listener);
      return () => mailListeners.delete(listener);
    },
  };
}
