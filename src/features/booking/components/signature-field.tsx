import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import type SignaturePadClass from 'signature_pad';
import { useHydrated } from '../../../hooks/use-hydrated';

/** What the form sends of a signature: drawn (its PNG, base64), the typed name adopted, or none. */
export type SignatureValue = { kind: 'drawn'; png: string } | { kind: 'typed' } | null;

export interface SignatureFieldHandle {
  /** The signature as it stands: null when the pad is empty in drawing mode. */
  value(): SignatureValue;
}

/** The largest picture a signature is sent as (the server takes at most 1600 × 800). */
const MAX_WIDTH = 1200;

/**
 * A signature (issue 61): drawn in a box with a mouse, a finger or a pen (signature_pad, by pointer
 * events), or, with the keyboard alone, the typed name adopted as a signature. Before the page's
 * script runs there is no box: a tick adopts the typed name. `required` says so beside the legend.
 */
export const SignatureField = forwardRef<
  SignatureFieldHandle,
  { required: boolean; name: string /** Signed, or the way of signing changed. */; onSign?: () => void }
>(function SignatureField({ required, name, onSign }, ref) {
  const id = useId();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [empty, setEmpty] = useState(true);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadClass | null>(null);

  useEffect(() => {
    if (!hydrated || mode !== 'draw' || !canvas.current) return;
    const element = canvas.current;
    let cancelled = false;
    let instance: SignaturePadClass | null = null;
    const onEnd = () => {
      setEmpty(instance?.isEmpty() ?? true);
      onSign?.();
    };
    void import('signature_pad').then(({ default: SignaturePad }) => {
      if (cancelled) return;
      // Drawn at up to twice the box's size (a sharp line on a dense screen), within MAX_WIDTH.
      const ratio = Math.min(window.devicePixelRatio || 1, 2, MAX_WIDTH / Math.max(element.offsetWidth, 1));
      element.width = Math.round(element.offsetWidth * ratio);
      element.height = Math.round(element.offsetHeight * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      instance = new SignaturePad(element, { penColor: '#2b2927', minWidth: 0.8, maxWidth: 2.6 });
      instance.addEventListener('endStroke', onEnd);
      pad.current = instance;
    });
    return () => {
      cancelled = true;
      instance?.removeEventListener('endStroke', onEnd);
      instance?.off();
      pad.current = null;
    };
  }, [hydrated, mode, onSign]);

  useImperativeHandle(ref, () => ({
    value: () => {
      if (mode === 'type') return { kind: 'typed' };
      const drawn = pad.current;
      if (!drawn || drawn.isEmpty()) return null;
      return { kind: 'drawn', png: drawn.toDataURL('image/png').replace(/^data:image\/png;base64,/, '') };
    },
  }));

  if (!hydrated) {
    return (
      <label className="booking-accept__tick">
        <input type="checkbox" name="sign_by_typing" value="yes" />
        <span>Sign by typing: my name above is my signature.</span>
      </label>
    );
  }
  return (
    <fieldset className="signature" aria-describedby={`${id}-hint`}>
      <legend>Your signature{required ? '' : ' (optional)'}</legend>
      <p id={`${id}-hint`} className="signature__hint">
        Draw it in the box with a mouse, a finger or a pen, or sign by typing your name.
      </p>
      <div className="signature__modes">
        <label>
          <input type="radio" name={`${id}-mode`} checked={mode === 'draw'} onChange={() => setMode('draw')} /> Draw
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'type'}
            onChange={() => {
              setMode('type');
              onSign?.();
            }}
          />{' '}
          Sign by typing my name
        </label>
      </div>
      {mode === 'draw' ? (
        <div className="signature__box">
          <canvas
            ref={canvas}
            className="signature__pad"
            role="img"
            aria-label={empty ? 'Signature box, empty' : 'Signature box, signed'}
          />
          <button
            type="button"
            className="signature__clear"
            onClick={() => {
              pad.current?.clear();
              setEmpty(true);
            }}
          >
            Clear
          </button>
        </div>
      ) : (
        <p className="signature__typed" aria-live="polite">
          {name.trim() || 'Type your full name above'}
        </p>
      )}
    </fieldset>
  );
});
