import net from 'node:net';

export interface KeepAliveAnswer {
  status: number;
  body: string;
  /** Milliseconds from writing the request to reading the whole answer. */
  ms: number;
}

/**
 * One kept-alive HTTP/1.1 connection sending one request at a time: the way a shopper's browser,
 * already connected from browsing, sends an order. Written on a bare socket so that the client's own
 * CPU (a fetch costs about 3 ms here, on the cores the server uses too) does not show up as the
 * server's latency. Reads answers with Content-Length (the API's JSON answers have one).
 */
export async function keepAliveConnection(baseUrl: string) {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let waiting: ((answer: { status: number; body: string }) => void) | null = null;
  let failed: ((error: Error) => void) | null = null;
  socket.on('error', (error) => failed?.(error));
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    const headerEnd = buffered.indexOf('\r\n\r\n');
    if (headerEnd < 0 || !waiting) return;
    const head = buffered.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffered.length < headerEnd + 4 + length) return;
    const body = buffered.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
    buffered = buffered.subarray(headerEnd + 4 + length);
    const done = waiting;
    waiting = null;
    done({ status: Number(head.slice(9, 12)), body });
  });
  return {
    post(path: string, json: unknown, headers: Record<string, string> = {}): Promise<KeepAliveAnswer> {
      const body = Buffer.from(JSON.stringify(json));
      const started = performance.now();
      return new Promise((resolve, reject) => {
        failed = reject;
        waiting = (answer) => resolve({ ...answer, ms: performance.now() - started });
        const extra = Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${extra}Connection: keep-alive\r\n\r\n`,
        );
        socket.write(body);
      });
    },
    close: () => socket.destroy(),
  };
}
