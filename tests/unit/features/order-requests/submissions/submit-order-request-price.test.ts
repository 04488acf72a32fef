import { describe, expect, it, vi } from 'vitest';
import { submitOrderRequest } from '../../../../../src/features/order-requests/submissions/submit-order-request';
import { ApiError } from '../../../../../src/lib/http';
import { fakeOrderApi as fakeApi, orderResult } from '../../../../fixtures/fake-order-api';
import { pickupRequest } from '../../../../fixtures/order-requests';

const request = pickupRequest(new Date('2026-11-21T00:00:00Z'));

describe('a request the server prices otherwise than shown (issue 60)', () => {
  const shown = { ...request, shownSubtotalCents: 25_100 };
  const priceChanged = new ApiError(
    409,
    JSON.stringify({
      error: 'The price has changed',
      price_changed: { subtotal_in_cents: 26_100, event_prices_in_cents: [900, 17_100] },
    }),
  );

  it('sends the price shown, and ends for the checkout with the server’s price, nothing stored', async () => {
    const api = fakeApi({ createOrder: vi.fn().mockRejectedValueOnce(priceChanged) });
    const outcome = await submitOrderRequest(shown, api, { askOnPriceChange: true });
    expect(outcome).toEqual({
      kind: 'price-changed',
      price: { subtotal_in_cents: 26_100, event_prices_in_cents: [900, 17_100] },
    });
    expect(api.createOrder).toHaveBeenCalledTimes(1);
    expect(api.createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ expected_subtotal_in_cents: 25_100 }),
      'order-attempt-0001:order',
    );
    expect(api.sendOrderEmail).not.toHaveBeenCalled();
  });

  it('from the outbox (the shopper gone) sends it again at the server’s price under the same key', async () => {
    const api = fakeApi({ createOrder: vi.fn().mockRejectedValueOnce(priceChanged).mockResolvedValue(orderResult()) });
    const outcome = await submitOrderRequest(shown, api);
    expect(outcome).toMatchObject({ kind: 'success', orderId: '1042' });
    expect(api.createOrder).toHaveBeenCalledTimes(2);
    const [again, key] = vi.mocked(api.createOrder).mock.calls[1] ?? [];
    expect(again).not.toHaveProperty('expected_subtotal_in_cents');
    expect(key).toBe('order-attempt-0001:order');
  });

  it('takes a 409 without a price as the error it is', async () => {
    const conflict = new ApiError(409, JSON.stringify({ error: 'Idempotency-Key is in use' }));
    const api = fakeApi({ createOrder: vi.fn().mockRejectedValue(conflict) });
    const outcome = await submitOrderRequest(shown, api, { askOnPriceChange: true });
    expect(outcome.kind).not.toBe('price-changed');
    expect(api.createOrder).toHaveBeenCalledTimes(1);
  });
});
