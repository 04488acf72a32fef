import { useSetAtom } from 'jotai';
import { hireDatePickerOpenAtom } from '../../../lib/ui-state';
import { useDayAvailability, useShopDay } from '../../availability';

/**
 * The drawer's first line: the date what it says of stock is for, with a way to change it; without a
 * date, a way to choose one.
 */
export function CartDateNote() {
  const { date } = useDayAvailability();
  const { shortDate } = useShopDay();
  const openPicker = useSetAtom(hireDatePickerOpenAtom);
  return (
    <p className="cart-date-note">
      <span>{date ? `Availability for ${shortDate(date)}.` : 'No event date chosen yet.'}</span>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => openPicker(true)}>
        {date ? 'Change date' : 'Choose your event date'}
      </button>
    </p>
  );
}
