import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The Content-Security-Policy of every answer: scripts and photos from here only. */
const POLICY = {
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
  // Forms post here only (and the booking page's "Pay by card" goes on, by the server's redirect, to
  // Stripe's Checkout page: a browser checks a form's redirect against this too), and no other site
  // may frame these pages (clickjacking).
  formAction: ["'self'", 'https://checkout.stripe.com'],
  frameAncestors: ["'none'"],
};

/**
 * Powerful features no page here uses, refused for the page and anything it frames (the map).
 * WebAuthn stays allowed: the workspace signs in with passkeys. Only features browsers know: an
 * unknown one (Chromium 156 no longer knows `bluetooth`) is a console warning on every page.
 */
const PERMISSIONS = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  serial: [],
  hid: [],
  midi: [],
  displayCapture: [],
  browsingTopics: [],
} satisfies Record<string, never[]>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The policy as a header value. A rendered page passes the hashes of its inline scripts (the
 * router's hydration data, the start-up script): those run, and no other inline script does
 * ('unsafe-inline' never). The same page gets the same policy for everyone, so a shared cache may
 * keep both.
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  devServer = false,
}: {
  scriptHashes?: string[];
  devServer?: boolean;
} = {}): string {
  let policy = scriptHashes.length ? { ...POLICY, scriptSrc: [...POLICY.scriptSrc, ...scriptHashes] } : POLICY;
  // `npm run dev`: Vite's client reaches its hot-reload socket.
  if (devServer) policy = { ...policy, connectSrc: [...policy.connectSrc, 'ws:', 'wss:'] };
  return Object.entries(policy)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The security headers of every answer. A handler that sets its own Content-Security-Policy (a page
 * with its scripts' hashes) keeps it.
 */
export const securityHeaders = () =>
  secureHeaders({
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    contentSecurityPolicy: POLICY,
    permissionsPolicy: PERMISSIONS,
    overwrite: false,
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
