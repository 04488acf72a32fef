import { useEffect, useId, useState } from 'react';
import { useBusiness } from '../../../hooks/use-business';

type Shared = 'idle' | 'copied' | 'manual';

/** How long "Link copied" shows. */
const COPIED_NOTE_MS = 4000;

/**
 * 'Copy link': puts the board's link on the clipboard and opens the native share sheet where there is
 * one. When the clipboard refuses, the link is shown selected for copying by hand.
 */
export function ShareButton({ url, disabled }: { url: () => string; disabled?: boolean }) {
  const businessName = useBusiness().name;
  const [state, setState] = useState<Shared>('idle');
  const [link, setLink] = useState('');
  const fieldId = useId();
  // "Link copied" floats over the top of the board: it says so, then leaves the board clear.
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const share = async () => {
    const href = url();
    setLink(href);
    let copied = false;
    try {
      await navigator.clipboard.writeText(href);
      copied = true;
    } catch {
      copied = false;
    }
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${businessName} moodboard`, url: href });
      } catch {
        // Dismissed: the link is on the clipboard anyway.
      }
    }
    setState(copied ? 'copied' : 'manual');
  };

  return (
    <>
      <button type="button" className="button button--ghost" disabled={disabled} onClick={() => void share()}>
        Copy link
      </button>
      <span className="moodboard-share" role="status">
        {state === 'copied' && 'Link copied. Anyone with it sees this board.'}
      </span>
      {state === 'manual' && (
        <span className="moodboard-share__manual">
          <label htmlFor={fieldId}>Copy this link</label>
          <input id={fieldId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        </span>
      )}
    </>
  );
}
