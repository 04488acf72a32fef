import { useSetAtom } from 'jotai';
import { useDeviceAtomValue } from '../../../lib/device-state';
import { hireDateAtom } from '../../../lib/hire-date';
import { hireDatePickerOpenAtom } from '../../../lib/ui-state';
import { useShopDay } from '../use-shop-day';
import './availability.css';

/** The header's button: 'When is your event?', or the date chosen. */
export function HireDateButton({ className = '' }: { className?: string }) {
  const date = useDeviceAtomValue(hireDateAtom, '');
  const setOpen = useSetAtom(hireDatePickerOpenAtom);
  const { shortDate } = useShopDay();
  return (
    <button
      type="button"
      className={`hire-date-button ${className}`}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <rect x="4" y="5.5" width="16" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      {date ? (
        <span>
          <span className="visually-hidden">Event date: </span>
          {shortDate(date)}
        </span>
      ) : (
        <>
          <span className="hire-date-button__long">When is your event?</span>
          <span className="hire-date-button__short">Event date</span>
        </>
      )}
    </button>
  );
}
