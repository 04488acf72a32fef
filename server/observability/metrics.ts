import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the catalogue's answer cache reports at each scrape. */
export interface AnswerCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** What the metrics read when they are scraped (each may fail: the database may be away). */
export interface MetricSources {
  /** The catalogue's answer cache (its hits and misses since the start). */
  catalogue?: () => AnswerCacheStats;
  /** Emails by status, and the age of the oldest one waiting. */
  mail?: () => Promise<{ byStatus: Record<string, number>; oldestWaitingSeconds: number | null }>;
  /** Requests holding stock now. */
  holds?: () => Promise<number>;
}

export interface Metrics {
  registry: Registry;
  /** One answered request: its method, route (see routeLabel), status, and seconds taken. */
  request(method: string, route: string, status: number, seconds: number, lane: 'app' | 'fast'): void;
  /** A page asked of the page cache: found there, or rendered. */
  page(outcome: 'hit' | 'render' | 'failed'): void;
  /** A request refused by a rate limit, by what is limited. */
  rateLimited(bucket: string): void;
  /** Where the scrape-time figures come from (set once the app's parts exist). */
  sources: MetricSources;
}

/**
 * The process's metrics in Prometheus's text format (GET /metrics): requests by route with their
 * latency, the catalogue and page caches' hits, renders, emails sent, failed and waiting, holds and
 * rate-limit refusals. Each app has a registry of its own (tests build many).
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const sources: MetricSources = {};
  const requests = new Counter({
    name: 'storefront_http_requests_total',
    help: 'Requests answered, by method, route, status and lane (fast: the fast lane of cached catalogue answers)',
    labelNames: ['method', 'route', 'status', 'lane'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'storefront_http_request_duration_seconds',
    help: 'Time from request to the end of its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pages = new Counter({
    name: 'storefront_page_cache_requests_total',
    help: 'Pages asked of the page cache: hit (served from it), render (rendered on the server), failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'storefront_rate_limited_total',
    help: 'Requests refused by a rate limit, by what is limited',
    labelNames: ['bucket'] as const,
    registers: [registry],
  });
  let catalogueSeen = { hits: 0, misses: 0 };
  new Counter({
    name: 'storefront_catalogue_cache_requests_total',
    help: 'Catalogue answers asked of the answer cache: hit or miss',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const stats = sources.catalogue?.();
      if (!stats) return;
      this.inc({ outcome: 'hit' }, Math.max(0, stats.hits - catalogueSeen.hits));
      this.inc({ outcome: 'miss' }, Math.max(0, stats.misses - catalogueSeen.misses));
      catalogueSeen = { hits: stats.hits, misses: stats.misses };
    },
  });
  new Gauge({
    name: 'storefront_catalogue_cache_bytes',
    help: 'Bytes of catalogue answers kept in memory',
    registers: [registry],
    collect() {
      const stats = sources.catalogue?.();
      if (stats) this.set(stats.bytes);
    },
  });
  new Gauge({
    name: 'storefront_mail_emails',
    help: 'Emails in the mail queue by status: queued (waiting), sent, recorded (written to the mail folder), failed',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const mail = await sources.mail?.().catch(() => undefined);
      if (!mail) return;
      for (const status of ['queued', 'sent', 'recorded', 'failed']) this.set({ status }, mail.byStatus[status] ?? 0);
    },
  });
  new Gauge({
    name: 'storefront_mail_oldest_waiting_seconds',
    help: 'Age of the oldest email still waiting to be sent (0 when none waits)',
    registers: [registry],
    async collect() {
      const mail = await sources.mail?.().catch(() => undefined);
      if (mail) this.set(mail.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'storefront_holding_requests',
    help: 'Order requests holding stock now (held or confirmed, not lapsed)',
    registers: [registry],
    async collect() {
      const holds = await sources.holds?.().catch(() => undefined);
      if (holds !== undefined) this.set(holds);
    },
  });
  return {
    registry,
    sources,
    request(method, route, status, seconds, lane) {
      requests.inc({ method, route, status: String(status), lane });
      latency.observe({ method, route }, seconds);
    },
    page: (outcome) => pages.inc({ outcome }),
    rateLimited: (bucket) => limited.inc({ bucket }),
  };
}
