/**
 * The checkout's pricing of a hire, bundled for the bench's page (bench/groups/hire-pricing.ts): the
 * very function the summary runs, and a floor that only adds the lines up.
 */
import { priceHire } from '../../src/features/checkout/hire-length';

const w = window as unknown as Record<string, unknown>;
w.priceHire = priceHire;
w.addUp = (items: readonly { priceCents: number; quantity: number }[]) =>
  items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
