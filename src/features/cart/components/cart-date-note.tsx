import { useSetAtom } from 'jotai';
import { hireDatePickerOpenAtom } from '../../../lib/ui-state';
import { useDayAvailability, usePriceCovers, useShopDay } from '../../availability';

/**
 * The drawer's first line: the date what it says of stock is for (every day of a longer hire), with a
 * way to change it, and what the prices cover (issue 60). Without a date, a way to choose one.
 */
export function CartDateNote() {
  const { date, last } = useDayAvailability();
  const { shortDate } = useShopDay();
  const covers = usePriceCovers();
  const openPicker = useSetAtom(hireDatePickerOpenAtom);
  return (
    <div className="cart-date-note">
      <p className="cart-date-note__line">
        <span>
          {!date
            ? 'No event date chosen yet.'
            : last > date
              ? `Availability for ${shortDate(date)} to ${shortDate(last)}.`
              : `Availability for ${shortDate(date)}.`}
        </span>
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => openPicker(true)}>
          {date ? 'Change date' : 'Choose your event date'}
        </button>
      </p>
      {covers && <p className="cart-date-note__covers">{covers}</p>}
    </div>
  );
}
