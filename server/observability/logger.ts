import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

/** What every log line written while a request is answered carries: its id. */
interface RequestScope {
  requestId: string;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as part of the request `requestId`: every log line written inside it names the request. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being answered, if any. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
// Eight or more digits, with the spaces, dots, dashes and brackets phone numbers are written with, and
// not part of a longer word (an id, a uuid, a time).
const PHONE = /(?<![\w.:-])\+?\d[\d\s().-]{6,}\d(?![\w:-])/g;

/**
 * Personal data out of a log text: an email keeps its first letter and its domain (a***@example.com,
 * enough to tell a typo in the domain), a phone number its last two digits. Order ids (uuids) and
 * dates have letters or too few digits in a row to be taken for either.
 */
export function maskPersonal(text: string): string {
  return text
    .replace(EMAIL, (_all, first: string, domain: string) => `${first}***@${domain}`)
    .replace(PHONE, (phone) => {
      const digits = phone.replace(/\D/g, '');
      if (digits.length < 8 || /^\d{4}-\d{2}-\d{2}/.test(phone)) return phone;
      return `***${digits.slice(-2)}`;
    });
}

/** Masks every string in a log record, however deep (errors' messages and stacks included). */
function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskPersonal(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const error: Record<string, unknown> = { type: value.name, message: maskPersonal(value.message) };
    if (value.stack) error.stack = maskPersonal(value.stack);
    return error;
  }
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskDeep(item, depth + 1)]));
}

/**
 * Records the server built from its own words only (the per-request line: an id, a method, a route
 * label with its ids taken out, a status and a time): written without the masking pass, which cost a
 * request line more than its writing (issue 63: a fixed cost on every read).
 */
const knownClean = new WeakSet<object>();

/** The per-request line's fields, all of the server's own making. */
export interface RequestLine {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  lane?: 'fast';
}

/** The time of the last request line, ISO, remade once a millisecond (a busy server writes many a millisecond). */
let lineMs = 0;
let lineTime = '';

/**
 * Writes the per-request line: `fields` hold no personal data (route labels, never paths). It is the
 * line pino writes for `logger.info(fields, 'request')`, field for field, made by hand and written to
 * the logger's own stream: on every read it was the largest cost after the socket's (issue 63), for
 * pino's general path (mixin, hooks, a serialiser per field, a Date per line) that these fields
 * never need. A logger without a stream of its own (a test's) takes pino's path.
 */
export function logRequestLine(logger: Logger, fields: RequestLine): void {
  if (!logger.isLevelEnabled('info')) return;
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as DestinationStream | undefined;
  const bindings = own[pino.symbols.chindingsSym];
  if (!stream || typeof bindings !== 'string' || own[LINE_FORMAT] !== true) {
    knownClean.add(fields);
    logger.info(fields, 'request');
    return;
  }
  const now = Date.now();
  if (now !== lineMs) {
    lineMs = now;
    lineTime = new Date(now).toISOString();
  }
  stream.write(
    `{"level":"info","time":"${lineTime}"${bindings},"reqId":${JSON.stringify(fields.reqId)},"method":${JSON.stringify(fields.method)},"route":${JSON.stringify(fields.route)},"status":${fields.status},"ms":${fields.ms}${fields.lane ? ',"lane":"fast"' : ''},"msg":"request"}\n`,
  );
}

/** Marks a logger made by `createLogger` (its line format is the one `logRequestLine` writes by hand). */
const LINE_FORMAT = Symbol('storefront.lineFormat');

export type { Logger };

export interface LoggerOptions {
  /** LOG_LEVEL: trace, debug, info (the default), warn, error, fatal or silent. */
  level?: string;
  /** Where lines go: standard output unless given (tests collect them). */
  destination?: DestinationStream;
}

/**
 * The server's one logger: JSON lines (pino), each with its time, level, message and, while a request
 * is answered, that request's id (`reqId`, also the response's X-Request-Id). Emails and phone numbers
 * are masked in every message and field.
 */
export function createLogger({ level = 'info', destination }: LoggerOptions = {}): Logger {
  const logger = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
      hooks: {
        logMethod(args, method) {
          if (typeof args[0] === 'object' && args[0] !== null && knownClean.has(args[0])) {
            method.apply(this, args);
            return;
          }
          const masked = args.map((arg) => maskDeep(arg)) as Parameters<typeof method>;
          method.apply(this, masked);
        },
      },
      serializers: { err: (error: unknown) => maskDeep(error) },
    },
    destination ?? standardOutput(),
  );
  (logger as unknown as Record<symbol, unknown>)[LINE_FORMAT] = true;
  return logger;
}

/** How long a line may wait in the output's buffer before it is written. */
const OUTPUT_FLUSH_MS = 200;

/**
 * Standard output, buffered: lines are written 8 KB at a time, or within OUTPUT_FLUSH_MS of the first
 * one waiting, not one write each (under load a write a request cost a fifth of a read's time, issue
 * 63). Pino writes what is left when the process exits, and the server flushes it when it stops.
 */
function standardOutput(): DestinationStream {
  const stream = pino.destination({
    fd: 1,
    sync: false,
    minLength: 8 * 1024,
    // A full pipe is waited for while the server runs (a slow reader), never once it is stopping:
    // with its reader gone, the wait would never end (issue 63).
    retryEAGAIN: () => !outputAbandoned,
  });
  const timer = setInterval(() => {
    // (flush throws while the stream is still opening, or once it is closed: nothing to write then.)
    try {
      stream.flush();
    } catch {}
  }, OUTPUT_FLUSH_MS);
  timer.unref();
  stream.on('close', () => clearInterval(timer));
  return stream;
}

let outputAbandoned = false;

/** From now on a log line that cannot be written at once is dropped: the server is stopping. */
export function abandonBlockedOutput(): void {
  outputAbandoned = true;
}

/** A logger that writes nothing: the default where no logger is given (tests of other things). */
export const silentLogger: Logger = pino({ level: 'silent' });

let processLogger: Logger | undefined;

/** The process's logger, for modules that run apart from a request's app (sweeps, caches, upgrades). */
export function log(): Logger {
  // Until the server sets its own: warnings and errors, as JSON, on standard error.
  processLogger ??= createLogger({ level: 'warn', destination: pino.destination({ fd: 2, sync: true }) });
  return processLogger;
}

/** Makes `logger` the process's logger (the server does, once its settings are read). */
export function setProcessLogger(logger: Logger): void {
  processLogger = logger;
}
