import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { CatalogueCache } from './cache/catalogue-cache';
import { createFastLane } from './cache/fast-lane';
import { securityHeaderRecord } from './middleware/security-headers';
import { type Logger, logRequestLine, silentLogger, withRequestId } from './observability/logger';
import type { Metrics } from './observability/metrics';
import { routeLabel } from './observability/route-label';

export interface HttpServerOptions {
  /** Told whether each request was answered by the fast lane (tests count them). */
  onRequest?: (fastLane: boolean) => void;
  /** One line per answered request goes here, and every line written while answering it carries its id. */
  logger?: Logger;
  /** Requests by route, status and time taken. */
  metrics?: Metrics;
  /** Runs first, and passes the request on with next() (`npm run dev`: Vite's middleware). */
  before?: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
}

/** An id a proxy in front gave the request (nginx's $request_id, say), when it is a sane one. */
const GIVEN_ID = /^[A-Za-z0-9._-]{8,64}$/;

const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
};

/**
 * The Node HTTP server: repeated catalogue reads are written straight from memory by the fast lane;
 * everything else goes to the Hono app. Each request gets an id (the X-Request-Id it came with from a
 * proxy, else a new one), sent back in X-Request-Id and carried by every log line written while it
 * is answered. Not listening yet.
 */
export async function createHttpServer(
  app: Hono,
  cache: CatalogueCache,
  { onRequest, logger = silentLogger, metrics, before }: HttpServerOptions = {},
): Promise<Server> {
  const fastLane = createFastLane(cache, await securityHeaderRecord());
  const honoListener = getRequestListener(app.fetch);
  return createServer((request, response) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(request);
    response.setHeader('X-Request-Id', requestId);
    const answer = () => {
      const answered = fastLane(request, response);
      onRequest?.(answered);
      response.once('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const route = routeLabel((request.url ?? '/').split('?')[0] ?? '/');
        const method = request.method ?? 'GET';
        metrics?.request(method, route, response.statusCode, seconds, answered ? 'fast' : 'app');
        logRequestLine(logger, {
          reqId: requestId,
          method,
          route,
          status: response.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          ...(answered ? { lane: 'fast' } : {}),
        });
      });
      if (!answered) void honoListener(request, response);
    };
    withRequestId(requestId, () => (before ? before(request, response, answer) : answer()));
  });
}
