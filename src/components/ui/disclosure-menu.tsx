import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';

export interface DisclosureMenuProps {
  label: string;
  children: ReactNode;
  /** Changes when the page changes; the menu closes then. */
  closeKey?: string;
  className?: string;
}

/**
 * A navigation disclosure: a button that shows a panel of links. Escape, an outside click and focus
 * moving out of it (Tab past the last link) close it.
 */
export function DisclosureMenu({ label, children, closeKey, className }: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closeKey is the trigger.
  useEffect(() => setOpen(false), [closeKey]);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    // Focus moving to something outside (Tab past the last link) closes it too.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
    };
    const root = rootRef.current;
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    root?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      root?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={`disclosure${className ? ` ${className}` : ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className="disclosure__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id={panelId} className="disclosure__panel" hidden={!open}>
        {/* Hidden until opened: its links hydrate after the page, in a task of their own. */}
        <Suspense fallback={null}>{children}</Suspense>
      </div>
    </div>
  );
}
