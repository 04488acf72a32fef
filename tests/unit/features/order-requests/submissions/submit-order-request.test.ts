import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../../../src/features/cart/cart-rules';
import { buildOrderRequest } from '../../../../../src/features/checkout/order-request-builder';
import { orderRequestSchema } from '../../../../../src/features/order-requests/order-request-schema';
import {
  customerCreatePayload,
  emailPayload,
  orderPayload,
} from '../../../../../src/features/order-requests/submissions/order-payloads';
import {
  OUTCOME_MESSAGES,
  submitOrderRequest,
} from '../../../../../src/features/order-requests/submissions/submit-order-request';
import { emailBodySchema, orderBodySchema } from '../../../../../src/lib/api-contract';
import { ApiError } from '../../../../../src/lib/http';
import { fakeOrderApi, orderResult } from '../../../../fixtures/fake-order-api';

const items: CartItem[] = [
  {
    id: 'p1',
    name: 'Tiffany Chair - White',
    priceCents: 800,
    photo_url: '/photos/g1/large_g1.webp',
    stock_count: 50,
    quantity: 10,
    isBundle: false,
    bundleVariations: [],
    productGroupId: 'g1',
    cartId: 'product_p1_group_g1',
  },
  {
    id: 'b1',
    name: 'Ghost Lounge',
    priceCents: 17_100,
    photo_url: null,
    stock_count: 2,
    quantity: 1,
    isBundle: true,
    bundleVariations: [
      { bundleItemId: 'i1', productId: 'p9', displayName: 'Ghost Chair - Armless', displayPhotoUrl: null },
    ],
    productGroupId: null,
    cartId: 'bundle_b1',
  },
];
const form = {
  name: ' Ava Chen ',
  email: 'ava@example.com',
  phone: '0400 111 222',
  hireDate: '2026-12-05',
  lastDay: '',
  deliveryOption: 'delivery' as const,
  deliveryAddress: '1 George St, Sydney',
  deliveryPostcode: '',
  afterHours: false,
  orderNotes: 'Gate code 1234',
  wantsSignage: true,
  damageWaiver: false,
};
const request = buildOrderRequest(form, items, 'attempt-0001', new Date('2026-11-21T00:00:00Z'));

const fakeApi = fakeOrderApi;

describe('order request record', () => {
  it('is plain serialisable data that round-trips through JSON and its schema', () => {
    expect(orderRequestSchema.parse(JSON.parse(JSON.stringify(request)))).toEqual(request);
  });
});

describe('payload builders', () => {
  it('builds the customer with name, email and phone', () => {
    expect(customerCreatePayload(request)).toEqual({
      data: { type: 'customers', attributes: { name: 'Ava Chen', email: 'ava@example.com', phone: '0400 111 222' } },
    });
  });

  it('builds the order of spec section 3, valid against the server schema', () => {
    const body = orderPayload(request, 'c1');
    expect(body).toEqual({
      customer_id: 'c1',
      starts_at: '2026-12-05',
      stops_at: '2026-12-05',
      fulfillment_type: 'delivery',
      delivery_address: '1 George St, Sydney',
      order_notes: form.orderNotes.trim(),
      wants_signage: form.wantsSignage,
      lines: [
        { id: 'p1', quantity: 10, isBundle: false, bundleVariations: [] },
        { id: 'b1', quantity: 1, isBundle: true, bundleVariations: items[1]?.bundleVariations },
      ],
    });
    expect(orderBodySchema.safeParse(body).success).toBe(true);
    const pickup = orderPayload({ ...request, form: { ...form, deliveryOption: 'pickup' } }, 'c1');
    expect(pickup).not.toHaveProperty('delivery_address');
  });

  it('builds the email with every field of spec section 3', () => {
    const body = emailPayload(request, '1042');
    expect(Object.keys(body).sort()).toEqual(
      [
        'customer_email',
        'customer_name',
        'customer_phone',
        'order_id',
        'order_date',
        'order_total',
        'order_fufilment_type',
        'order_delivery_address',
        'order_notes',
        'wantsSignage',
        'items',
      ].sort(),
    );
    // (10 x 8.00 + 171.00) x 1.1 = 276.10
    expect(body.order_total).toBe('276.10');
    // The shop's own GST rate, kept with the request (a 15% shop: 251.00 x 1.15 = 288.65).
    expect(emailPayload({ ...request, gstRate: 0.15 }, '1042').order_total).toBe('288.65');
    expect(body.items[0]).toEqual({
      name: 'Tiffany Chair - White',
      quantity: 10,
      price: '8.00',
      image: expect.stringMatching(/^https?:\/\/.+\/photos\/g1\/large_g1\.webp$/),
      bundleVariations: [],
    });
    expect(body.items[1]?.bundleVariations).toEqual([{ name: 'Ghost Chair - Armless', image: null }]);
    expect(emailBodySchema.safeParse(body).success).toBe(true);
    expect(emailPayload(request, 'Unassigned', { errorMessage: 'x' })).toMatchObject({
      hasError: true,
      errorMessage: 'x',
    });
  });
});

describe('submitOrderRequest', () => {
  it('creates a new customer, the order and the email, each with a key of the attempt', async () => {
    const api = fakeApi();
    expect(await submitOrderRequest(request, api)).toEqual({ kind: 'success', orderId: '1042', shortLines: [] });
    expect(api.createCustomer).toHaveBeenCalledWith(expect.anything(), 'order-attempt-0001:customer');
    expect(api.createOrder).toHaveBeenCalledWith(
      expect.objectContaining({ customer_id: 'c1' }),
      'order-attempt-0001:order',
    );
    expect(api.sendOrderEmail).toHaveBeenCalledWith(
      expect.objectContaining({ order_id: '1042' }),
      'order-attempt-0001:email',
    );
  });

  it('updates an existing customer without a phone, and leaves one with a phone alone', async () => {
    const noPhone = {
      id: 'c9',
      type: 'customers' as const,
      attributes: { name: 'A', email: 'a', phone: null, properties: { phone: null } },
    };
    const api = fakeApi({ findCustomerByEmail: vi.fn(async () => noPhone) });
    await submitOrderRequest(request, api);
    expect(api.updateCustomerPhone).toHaveBeenCalledWith('c9', '0400 111 222', 'order-attempt-0001:customer-phone');
    expect(api.createCustomer).not.toHaveBeenCalled();
    const withPhone = { ...noPhone, attributes: { ...noPhone.attributes, phone: '1', properties: { phone: '1' } } };
    const api2 = fakeApi({ findCustomerByEmail: vi.fn(async () => withPhone) });
    await submitOrderRequest(request, api2);
    expect(api2.updateCustomerPhone).not.toHaveBeenCalled();
    expect(api2.createOrder).toHaveBeenCalledWith(expect.objectContaining({ customer_id: 'c9' }), expect.any(String));
  });

  it('flags manual processing and fulfilment errors in the email', async () => {
    const manual = fakeApi({
      createOrder: vi.fn(async () => orderResult({ needsManualProcessing: true, errorMessage: 'over stock' })),
    });
    expect(await submitOrderRequest(request, manual)).toEqual({ kind: 'manual', orderId: '1042', shortLines: [] });
    expect(manual.sendOrderEmail).toHaveBeenCalledWith(
      expect.objectContaining({ hasError: true, errorMessage: 'over stock' }),
      expect.any(String),
    );
    const failed = fakeApi({
      createOrder: vi.fn(async () => orderResult({ fulfillmentError: true, errorMessage: 'retired' })),
    });
    expect(await submitOrderRequest(request, failed)).toEqual({ kind: 'fulfilment', orderId: '1042', shortLines: [] });
    // The lines another request took for the date since the shopper looked come back with it.
    const taken = fakeApi({
      createOrder: vi.fn(async () =>
        orderResult({
          needsManualProcessing: true,
          errorMessage: 'taken',
          orderDetails: { status: 'manual_review', problems: ['taken'], short_lines: [1] },
        }),
      ),
    });
    expect(await submitOrderRequest(request, taken)).toEqual({ kind: 'manual', orderId: '1042', shortLines: [1] });
  });

  it('keeps the visitor on the page when the server refuses the request (4xx but 429)', async () => {
    for (const status of [400, 404, 409, 413, 422]) {
      const api = fakeApi({ createOrder: vi.fn(async () => Promise.reject(new ApiError(status, '{"error":"x"}'))) });
      const outcome = await submitOrderRequest(request, api);
      expect(outcome).toMatchObject({ kind: 'error', status });
      expect(api.sendOrderEmail).not.toHaveBeenCalled();
    }
    expect(OUTCOME_MESSAGES.error).toBe('There was an error processing your order. Please try again.');
  });

  it('waits for the network when there is no answer, a 502, 503, 504 or 429 (honouring Retry-After)', async () => {
    const failures = [
      new TypeError('Failed to fetch'),
      new DOMException('The operation timed out', 'TimeoutError'),
      new ApiError(502, ''),
      new ApiError(503, ''),
      new ApiError(504, ''),
      new ApiError(429, '{"error":"slow down"}', 30_000),
      new ApiError(409, '{"error":"in progress"}', 2_000),
    ];
    for (const error of failures) {
      for (const step of ['findCustomerByEmail', 'createCustomer', 'createOrder'] as const) {
        const api = fakeApi({ [step]: vi.fn(async () => Promise.reject(error)) });
        const outcome = await submitOrderRequest(request, api);
        expect(outcome).toMatchObject({ kind: 'retry' });
        expect(outcome.kind === 'retry' && outcome.retryAfterMs).toBe(
          error instanceof ApiError ? error.retryAfterMs : undefined,
        );
        expect(api.sendOrderEmail).not.toHaveBeenCalled();
      }
    }
  });

  it('sends the fallback email with order id Unassigned on a 500 (ending 4), the same body every time', async () => {
    const bodies: unknown[] = [];
    for (const step of ['findCustomerByEmail', 'createOrder'] as const) {
      const api = fakeApi({ [step]: vi.fn(async () => Promise.reject(new ApiError(500, `boom ${step}`))) });
      expect(await submitOrderRequest(request, api)).toEqual({ kind: 'fallback' });
      expect(api.sendOrderEmail).toHaveBeenCalledWith(
        expect.objectContaining({
          order_id: 'Unassigned',
          hasError: true,
          errorMessage: expect.stringContaining('not added to the booking system'),
        }),
        'order-attempt-0001:fallback-email',
      );
      bodies.push(vi.mocked(api.sendOrderEmail).mock.calls[0]?.[0]);
    }
    expect(bodies[0]).toEqual(bodies[1]);
  });

  it('keeps the fallback email for later when it cannot be sent either, and gives up only on a refusal', async () => {
    const waiting = fakeApi({
      createOrder: vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))),
      sendOrderEmail: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect(await submitOrderRequest(request, waiting)).toMatchObject({
      kind: 'retry-fallback',
      email: expect.objectContaining({ order_id: 'Unassigned' }),
    });
    const refused = fakeApi({
      createOrder: vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))),
      sendOrderEmail: vi.fn(async () => Promise.reject(new ApiError(400, 'bad'))),
    });
    expect(await submitOrderRequest(request, refused)).toMatchObject({ kind: 'error', status: 400 });
  });

  it('replays the request for a confirmation email that could not go out; a refused one is left to the team', async () => {
    const pending = fakeApi({ sendOrderEmail: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    expect(await submitOrderRequest(request, pending)).toEqual({
      kind: 'success',
      orderId: '1042',
      emailPending: true,
      shortLines: [],
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = fakeApi({ sendOrderEmail: vi.fn(async () => Promise.reject(new ApiError(500, 'smtp'))) });
    expect(await submitOrderRequest(request, refused)).toEqual({ kind: 'success', orderId: '1042', shortLines: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
