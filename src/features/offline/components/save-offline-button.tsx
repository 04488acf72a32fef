import { useSetAtom } from 'jotai';
import { saveDialogOpenAtom } from '../state/saved-catalogue-atoms';

/** Opens "Save catalogue for offline" (on the Hire page and in the header menu). */
export function SaveOfflineButton({ className = 'button button--ghost' }: { className?: string }) {
  const open = useSetAtom(saveDialogOpenAtom);
  return (
    <button type="button" className={`${className} save-offline-button`} onClick={() => open(true)}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Save catalogue for offline
    </button>
  );
}
