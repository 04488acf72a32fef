import { log } from '../observability/logger';
import type { ServiceContext } from '../services/context';

/**
 * What the workers that call Stripe from a written row share (refunds to cards, bond holds): which
 * answers are final, the wait before trying again, and the loop that starts and stops with the server.
 */

/** A Stripe answer that trying again cannot change: a refusal of the request itself. */
export const isFinalStripeError = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
};

/** The wait before a try that found Stripe out of reach is made again: doubling, at most an hour. */
export const retryAfterMs = (attempts: number) => Math.min(60 * 60 * 1000, 15_000 * 2 ** Math.max(0, attempts - 1));

/**
 * A worker: sends every due row now and every `everyMs`, one at a time. The answer stops it and waits
 * for a send under way (Stripe's client gives up after its own timeout).
 */
export function startStripeWorker(
  deps: ServiceContext,
  what: string,
  due: () => Promise<string[]>,
  send: (id: string) => Promise<unknown>,
  everyMs: number,
): () => Promise<void> {
  if (!deps.cards) return async () => {};
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const round = async () => {
    for (const id of await due()) {
      if (stopped) return;
      await send(id);
    }
  };
  const tick = () => {
    running = running.then(round).catch((error) => log().error({ err: error }, `Sending ${what} failed`));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
