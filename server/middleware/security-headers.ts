import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The security headers of every answer: a strict policy for scripts, photos from here only. */
export const securityHeaders = () =>
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.google.com', 'https://maps.google.com'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  });

let record: Promise<Record<string, string>> | undefined;

/**
 * The same headers as a plain record, made once by running the middleware on a probe request: the
 * answers sent before routing carry exactly what every other answer carries.
 */
export function securityHeaderRecord(): Promise<Record<string, string>> {
  record ??= (async () => {
    const probe = new Hono().use(securityHeaders()).get('/', (c) => c.body(null, 204));
    const headers: Record<string, string> = {};
    (await probe.request('/')).headers.forEach((value, name) => {
      headers[name] = value;
    });
    return headers;
  })();
  return record;
}
