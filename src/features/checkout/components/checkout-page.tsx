import { useNavigate } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { pushToast } from '../../../components/ui/toast-state';
import { useBusiness } from '../../../hooks/use-business';
import { ApiError } from '../../../lib/http';
import { lineKey, useCart } from '../../cart';
import { OUTCOME_MESSAGES, saveToOutbox, submitOrderRequest } from '../../order-requests';
import {
  type CheckoutForm,
  emptyCheckoutForm,
  priceChangedText,
  type ServerFieldProblems,
  serverFieldProblems,
} from '../checkout-rules';
import { waiverLineOf } from '../damage-waiver';
import { feeLineOf } from '../delivery-fee';
import { receiptFromRequest, storeReceipt } from '../order-receipt';
import { buildOrderRequest, requestFingerprint } from '../order-request-builder';
import { checkoutAttemptAtom, checkoutFormAtom } from '../state/checkout-atoms';
import { useDeliveryFee } from '../use-delivery-fee';
import { useHirePrice } from '../use-hire-price';
import { useWaiver } from '../use-waiver';
import { CheckoutFormFields } from './checkout-form';
import { EmptyCheckout } from './empty-checkout';
import { OrderSummary } from './order-summary';
import './checkout.css';

/** The checkout of spec sections 2 and 4: summary, form, and the four ends of a submission. */
export function CheckoutPage() {
  const cart = useCart();
  const business = useBusiness();
  const navigate = useNavigate();
  const setForm = useSetAtom(checkoutFormAtom);
  const [attempt, setAttempt] = useAtom(checkoutAttemptAtom);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<{ problems: ServerFieldProblems; sent: CheckoutForm } | null>(
    null,
  );
  const hirePrice = useHirePrice();
  const deliveryFee = useDeliveryFee(hirePrice.subtotalCents);
  const waiver = useWaiver(hirePrice.subtotalCents);
  // The server's price of the last request, when it was not the one shown (issue 60): sent as the
  // price shown next time, as the shopper has now seen it.
  const [priceNotice, setPriceNotice] = useState<{ wasCents: number; nowCents: number } | null>(null);

  if (!cart.hydrated) {
    // The loading state holds the page's height, so the form arriving does not push the footer about.
    return (
      <div className="checkout-loading">
        <div className="spinner" role="progressbar" aria-label="Loading your cart" />
      </div>
    );
  }
  if (cart.items.length === 0) {
    return <EmptyCheckout />;
  }

  const submit = async (form: CheckoutForm) => {
    // One id per attempt: a retry of the same form and cart reuses it, so the server replays.
    const fingerprint = requestFingerprint(form, cart.items);
    const attemptId = attempt?.fingerprint === fingerprint ? attempt.id : crypto.randomUUID();
    setAttempt({ id: attemptId, fingerprint });
    setProcessing(true);
    setError(null);
    setServerProblems(null);
    // Each line at its price for the whole hire (the server prices the request again by the same rule).
    const request = {
      ...buildOrderRequest(form, cart.items, attemptId, new Date(), business.gstRate, hirePrice.unitCents),
      shownSubtotalCents: priceNotice?.nowCents ?? hirePrice.subtotalCents,
      ...feeLineOf(deliveryFee),
      ...waiverLineOf(waiver),
      ...(business.pricesIncludeGst ? { pricesIncludeGst: true } : {}),
    };
    const outcome = await submitOrderRequest(request, undefined, { askOnPriceChange: true });
    if (outcome.kind === 'price-changed') {
      // Nothing was sent: the cart takes the server's prices, and the shopper sees the new total.
      setProcessing(false);
      const prices = new Map(
        cart.items.flatMap((item, index) => {
          const price = outcome.price.event_prices_in_cents[index];
          return price === undefined ? [] : [[lineKey(item), price] as const];
        }),
      );
      await cart.reprice(prices);
      const notice = { wasCents: request.shownSubtotalCents, nowCents: outcome.price.subtotal_in_cents };
      setPriceNotice(notice);
      setError(priceChangedText(notice.wasCents, notice.nowCents, business.pricesIncludeGst));
      return;
    }
    setPriceNotice(null);
    if (outcome.kind === 'error') {
      setProcessing(false);
      console.error('Order submission failed', outcome.error);
      setError(OUTCOME_MESSAGES.error);
      // A field the server refused is named beside the field, as typed, so it can be mended.
      const issues = outcome.error instanceof ApiError ? outcome.error.issues : [];
      setServerProblems({ problems: serverFieldProblems(issues), sent: form });
      return;
    }
    // What did not reach the server waits in the outbox; the cart is cleared only once it is stored.
    const pending =
      outcome.kind === 'retry'
        ? { fallbackEmail: null, orderId: null, retryAfterMs: outcome.retryAfterMs }
        : outcome.kind === 'retry-fallback'
          ? { fallbackEmail: outcome.email, orderId: null, retryAfterMs: outcome.retryAfterMs }
          : 'emailPending' in outcome && outcome.emailPending
            ? { fallbackEmail: null, orderId: outcome.orderId, retryAfterMs: 0 }
            : null;
    if (pending) {
      try {
        const { retryAfterMs, ...rest } = pending;
        await saveToOutbox({ kind: 'order', request, ...rest }, retryAfterMs);
      } catch (error) {
        setProcessing(false);
        console.error('The order request could not be saved on this device', error);
        setError(OUTCOME_MESSAGES.error);
        return;
      }
    }
    setProcessing(false);
    if (outcome.kind === 'manual') pushToast(OUTCOME_MESSAGES.manual, 'info');
    if (outcome.kind === 'fulfilment') pushToast(OUTCOME_MESSAGES.fulfilment, 'info');
    await cart.clear();
    setForm(emptyCheckoutForm());
    setAttempt(null);
    const saved = outcome.kind === 'retry' || outcome.kind === 'retry-fallback';
    storeReceipt(
      receiptFromRequest(request, {
        orderId: 'orderId' in outcome ? outcome.orderId : null,
        saved,
        shortLines: 'shortLines' in outcome ? outcome.shortLines : [],
        schedule: 'paymentSchedule' in outcome ? outcome.paymentSchedule : undefined,
        payNow: 'bookingUrl' in outcome ? outcome.bookingUrl : undefined,
      }),
    );
    await navigate({ to: '/success', search: saved ? { saved: true } : {} });
  };

  return (
    <div className="checkout">
      <OrderSummary />
      <CheckoutFormFields
        subtotalCents={hirePrice.subtotalCents}
        processing={processing}
        error={error}
        serverProblems={serverProblems}
        onSubmit={submit}
      />
    </div>
  );
}
