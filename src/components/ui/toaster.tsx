import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { topModalAtom } from './modal-stack';
import { dismissToast, TOAST_DURATION_MS, type Toast, toastsAtom } from './toast-state';
import './toaster.css';

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
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
 * The live region every toast is announced from. While a modal dialog is open it renders inside that
 * dialog: the rest of the page is inert then, and a toast must stay visible and dismissable.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const host = useAtomValue(topModalAtom);
  const region = (
    <section className="toaster" aria-label="Notifications">
      <ol aria-live="polite" aria-relevant="additions">
        {toasts.slice(-4).map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
  return host ? createPortal(region, host) : region;
}
