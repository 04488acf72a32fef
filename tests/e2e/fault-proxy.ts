import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A small HTTP proxy in front of the e2e server, for tests that need the network to fail the way a
 * real one does without Playwright intercepting the page's or the worker's requests (its
 * interception of a worker woken by a Background Sync now and then saw no request at all). The
 * browser loads the shop from the proxy's own origin; the proxy passes every request on, except
 * while it is cut (connections are dropped, as with no network) or where `fault` answers instead.
 */
export interface FaultProxy {
  url: string;
  /** When each request for a path reached the proxy, in ms since the epoch. */
  calls(pathname: string): number[];
  /** Drops every connection until `restore` is called. */
  cut(): void;
  restore(): void;
  stop(): Promise<void>;
}

/** Answers a request instead of the server (returns true) or lets it through (false). */
export type Fault = (request: http.IncomingMessage, response: http.ServerResponse, nth: number) => boolean;

export async function startFaultProxy(target: string, fault: Fault = () => false): Promise<FaultProxy> {
  const upstream = new URL(target);
  const seen = new Map<string, number[]>();
  const sockets = new Set<Socket>();
  let down = false;

  const server = http.createServer((request, response) => {
    if (down) {
      request.socket.destroy();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://proxy').pathname;
    const calls = seen.get(pathname) ?? [];
    calls.push(Date.now());
    seen.set(pathname, calls);
    if (fault(request, response, calls.length)) return;
    const forward = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  server.on('connection', (socket) => {
    if (down) socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls: (pathname) => seen.get(pathname) ?? [],
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
