import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { CatalogueCache } from './cache/catalogue-cache';
import { createFastLane } from './cache/fast-lane';
import { securityHeaderRecord } from './middleware/security-headers';

export interface HttpServerOptions {
  /** Told whether each request was answered by the fast lane (tests count them). */
  onRequest?: (fastLane: boolean) => void;
}

/**
 * The Node HTTP server: repeated catalogue reads are written straight from memory by the fast lane;
 * everything else goes to the Hono app. Not listening yet.
 */
export async function createHttpServer(
  app: Hono,
  cache: CatalogueCache,
  { onRequest }: HttpServerOptions = {},
): Promise<Server> {
  const fastLane = createFastLane(cache, await securityHeaderRecord());
  const honoListener = getRequestListener(app.fetch);
  return createServer((request, response) => {
    const answered = fastLane(request, response);
    onRequest?.(answered);
    if (!answered) void honoListener(request, response);
  });
}
