import { useAtomValue, useSetAtom } from 'jotai';
import { saveDialogOpenAtom, savedMetaAtom, saveStatusAtom } from '../state/saved-catalogue-atoms';

const ICONS = {
  download: 'M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14',
  saved: 'M5 12.5l4.5 4.5L19 7.5',
};

/**
 * Opens "Save catalogue for offline" (on the Hire page and in the header menu). Says what is on the
 * device: saving (with its progress, a background refresh too) or saved; the dialog updates or removes it.
 */
export function SaveOfflineButton({ className = 'button button--ghost' }: { className?: string }) {
  const open = useSetAtom(saveDialogOpenAtom);
  const status = useAtomValue(saveStatusAtom);
  const meta = useAtomValue(savedMetaAtom);
  const label =
    status.status === 'saving'
      ? `Saving catalogue… ${status.progress.percent}%`
      : meta
        ? 'Catalogue saved for offline'
        : 'Save catalogue for offline';
  return (
    <button type="button" className={`${className} save-offline-button`} onClick={() => open(true)}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d={meta && status.status !== 'saving' ? ICONS.saved : ICONS.download}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </button>
  );
}
