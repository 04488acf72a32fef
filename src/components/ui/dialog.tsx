import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useScrollLock } from '../../hooks/use-scroll-lock';
import { modalStackAtom } from './modal-stack';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  size?: 'small' | 'medium' | 'large' | 'drawer' | 'full';
  children: ReactNode;
  className?: string;
  /** Without a close button (a blocking "loading" dialog still closes on Escape). */
  closable?: boolean;
  closeLabel?: string;
}

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Escape and a click outside close it,
 * focus starts on the element marked data-autofocus (else the first control) and returns to the
 * opener, and page scroll is locked while it is open.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  size = 'medium',
  children,
  className,
  closable = true,
  closeLabel = 'Close',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const toastSlot = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const setModals = useSetAtom(modalStackAtom);
  useScrollLock(open);

  useEffect(() => {
    const slot = toastSlot.current;
    if (!open || !slot) return;
    setModals((stack) => [...stack, slot]);
    return () => setModals((stack) => stack.filter((element) => element !== slot));
  }, [open, setModals]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The control a dialog is for, when it names one (data-autofocus), rather than its Close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return () => {
        if (dialog.open) dialog.close();
        if (opener?.isConnected) opener.focus();
      };
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; Escape is its keyboard twin.
    <dialog
      ref={ref}
      className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {open && (
        <div className="dialog__panel">
          <div className={`dialog__header${hideTitle ? ' dialog__header--bare' : ''}`}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
              {title}
            </h2>
            {closable && (
              <button
                type="button"
                className="dialog__close"
                aria-label={closeLabel}
                onClick={() => onCloseRef.current()}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          {/* Toasts shown while the dialog is open: in the flow under its title, so they cover nothing. */}
          <div ref={toastSlot} className="dialog__toasts" />
          <div className="dialog__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
