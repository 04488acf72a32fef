import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '../../../../src/features/cart/cart-rules';
import { buildOrderRequest } from '../../../../src/features/checkout/order-request-builder';
import { customerCreatePayload, emailPayload, orderPayload } from '../../../../src/features/checkout/payloads';
import { type CheckoutApi, OUTCOME_MESSAGES, submitOrderRequest } from '../../../../src/features/checkout/submit-order';
import { emailBodySchema, type OrderResult, orderBodySchema } from '../../../../src/lib/api-contract';
import { ApiError } from '../../../../src/lib/http';
import { orderRequestSchema } from '../../../../src/lib/order-request';

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
  deliveryOption: 'delivery' as const,
  deliveryAddress: '1 George St, Sydney',
  orderNotes: 'Gate code 1234',
  wantsSignage: true,
};
const request = buildOrderRequest(form, items, 'attempt-0001', new Date('2026-11-21T00:00:00Z'));

const orderResult = (extra: Partial<OrderResult> = {}): OrderResult => ({
  order: { data: { id: '1042', type: 'orders', attributes: {} } },
  ...extra,
});

function fakeApi(overrides: Partial<CheckoutApi> = {}): CheckoutApi {
  return {
    findCustomerByEmail: vi.fn(async () => null),
    createCustomer: vi.fn(async () => ({
      id: 'c1',
      type: 'customers' as const,
      attributes: { name: 'Ava', email: 'ava@example.com', phone: '0400', properties: { phone: '0400' } },
    })),
    updateCustomerPhone: vi.fn(async () => ({
      id: 'c1',
      type: 'customers' as const,
      attributes: { name: 'Ava', email: 'ava@example.com', phone: '0400', properties: { phone: '0400' } },
    })),
    createOrder: vi.fn(async () => orderResult()),
    sendOrderEmail: vi.fn(async () => ({})),
    ...overrides,
  };
}

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
    expect(await submitOrderRequest(request, api)).toEqual({ kind: 'success', orderId: '1042' });
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
    expect(await submitOrderRequest(request, manual)).toEqual({ kind: 'manual', orderId: '1042' });
    expect(manual.sendOrderEmail).toHaveBeenCalledWith(
      expect.objectContaining({ hasError: true, errorMessage: 'over stock' }),
      expect.any(String),
    );
    const failed = fakeApi({
      createOrder: vi.fn(async () => orderResult({ fulfillmentError: true, errorMessage: 'retired' })),
    });
    expect(await submitOrderRequest(request, failed)).toEqual({ kind: 'fulfilment', orderId: '1042' });
  });

  it('keeps the visitor on the page for a status other than 500', async () => {
    for (const status of [400, 409, 422, 429, 502]) {
      const api = fakeApi({ createOrder: vi.fn(async () => Promise.reject(new ApiError(status, '{"error":"x"}'))) });
      const outcome = await submitOrderRequest(request, api);
      expect(outcome).toMatchObject({ kind: 'error', status });
      expect(api.sendOrderEmail).not.toHaveBeenCalled();
    }
    expect(OUTCOME_MESSAGES.error).toBe('There was an error processing your order. Please try again.');
  });

  it('sends the fallback email with order id Unassigned on a 500 or no status', async () => {
    for (const error of [new ApiError(500, 'boom'), new TypeError('Failed to fetch')]) {
      const api = fakeApi({ createOrder: vi.fn(async () => Promise.reject(error)) });
      expect(await submitOrderRequest(request, api)).toEqual({ kind: 'fallback' });
      expect(api.sendOrderEmail).toHaveBeenCalledWith(
        expect.objectContaining({
          order_id: 'Unassigned',
          hasError: true,
          errorMessage: expect.stringContaining('not added to the booking system'),
        }),
        'order-attempt-0001:fallback-email',
      );
    }
  });

  it('reports an error when even the fallback email cannot be sent', async () => {
    const api = fakeApi({
      createOrder: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      sendOrderEmail: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    expect(await submitOrderRequest(request, api)).toMatchObject({ kind: 'error' });
  });

  it('still ends well when only the confirmation email fails after the order is booked', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({ sendOrderEmail: vi.fn(async () => Promise.reject(new ApiError(500, 'smtp'))) });
    expect(await submitOrderRequest(request, api)).toEqual({ kind: 'success', orderId: '1042' });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
