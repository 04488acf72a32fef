import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { Services } from '../app-services';
import { readiness } from '../services/operations';

const NO_STORE = { 'Cache-Control': 'no-store' };

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Metrics are for the machine's own monitor: asked on loopback and not through a proxy (a proxy on
 * the same machine connects from loopback too, but says whom it forwards), or with METRICS_TOKEN.
 */
function mayReadMetrics(c: Context, token: string | undefined): boolean {
  const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  if (token && bearer) {
    const given = Buffer.from(bearer);
    const wanted = Buffer.from(token);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false; // no socket: an in-process request
  }
}

/** Liveness, readiness and metrics: what a process manager, a load balancer and a monitor ask. */
export function operationsRoutes({ db, config, metrics }: Services) {
  const app = new Hono();
  // Liveness, and the page's connectivity probe: 204, no body, never cached.
  app.on(['GET', 'HEAD'], '/api/health', (c) => c.body(null, 204, NO_STORE));
  app.get('/api/ready', async (c) => {
    const report = await readiness(db, { dataDir: config.dataDir, minimumFreeBytes: config.readyMinFreeBytes });
    return c.json(report, report.ready ? 200 : 503, NO_STORE);
  });
  app.get('/metrics', async (c) => {
    if (!mayReadMetrics(c, config.metricsToken)) {
      return c.json({ error: 'Metrics are served on loopback, or with the METRICS_TOKEN as a Bearer token' }, 403);
    }
    const body = await metrics.registry.metrics();
    return c.body(body, 200, { ...NO_STORE, 'Content-Type': metrics.registry.contentType });
  });
  return app;
}
