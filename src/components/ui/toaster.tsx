import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useMediaQuery } from '../../hooks/use-media-query';
import { topModalAtom } from './modal-stack';
import { dismissToast, phoneToast, pruneToasts, TOAST_DURATION_MS, type Toast, toastsAtom } from './toast-state';
import './toaster.css';

/** Phones show one toast at a time (the newest), placed clear of the header and the cart button. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)';

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <li className={`toast toast--${toast.tone}`}>
      <span>{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </li>
  );
}

/**
 * The live region every toast is announced from. While a modal dialog is open it renders in that
 * dialog's toast slot, under its title: the rest of the page is inert then, and a toast must stay
 * visible and dismissable. There it takes its own room in the dialog's flow, one toast at a time, so
 * it never covers the dialog's title, close button or first controls.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const host = useAtomValue(topModalAtom);
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  // Every toast leaves after its time, shown or not: an older one held back on a phone never comes
  // back after the newest goes.
  useEffect(() => {
    if (toasts.length === 0) return;
    const due = Math.min(...toasts.map((toast) => toast.shownAt)) + TOAST_DURATION_MS - Date.now();
    // (A timer may fire a little early: the 50 ms keep it from leaving a due toast for good.)
    const timer = setTimeout(() => pruneToasts(Date.now() + 50), Math.max(0, due));
    return () => clearTimeout(timer);
  }, [toasts]);
  const region = (
    <section className={`toaster${host ? ' toaster--in-dialog' : ''}`} aria-label="Notifications">
      <ol aria-live="polite" aria-relevant="additions">
        {(phone || host ? phoneToast(toasts) : toasts.slice(-4)).map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
  return host ? createPortal(region, host) : region;
}
