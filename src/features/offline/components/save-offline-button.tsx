import { useAtomValue, useSetAtom } from 'jotai';
import { LineIcon } from '../../../components/ui/line-icon';
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
      <LineIcon d={meta && status.status !== 'saving' ? ICONS.saved : ICONS.download} size={18} strokeWidth={1.8} />
      {label}
    </button>
  );
}
