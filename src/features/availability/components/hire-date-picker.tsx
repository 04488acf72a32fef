import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useBusiness } from '../../../hooks/use-business';
import { useDeviceAtomValue } from '../../../lib/device-state';
import { hireDateAtom } from '../../../lib/hire-date';
import { hireDatePickerOpenAtom } from '../../../lib/ui-state';
import {
  closedDayNote,
  closedDaysAhead,
  earliestHireDate,
  eventDateProblem,
  latestEventDate,
} from '../availability-rules';
import { useShopDay } from '../use-shop-day';
import './availability.css';

/** The dialog that sets the event date for the whole shop (and the checkout). */
export function HireDatePicker() {
  const [open, setOpen] = useAtom(hireDatePickerOpenAtom);
  const [date, setDate] = useAtom(hireDateAtom);
  const [draft, setDraft] = useState(date);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const noteId = useId();
  const { timeZone, shortDate } = useShopDay();
  const business = useBusiness();
  // Only while open: the business's today takes the page's first time-zone formatter, whose locale and
  // zone data cost a long task on a slow phone, and a closed dialog (mounted at every page's start)
  // has no use for it.
  const earliest = open ? earliestHireDate(timeZone) : undefined;
  const latest = open ? latestEventDate(timeZone) : undefined;
  const closedAhead = open ? closedDaysAhead(business) : [];
  const note = open && draft ? closedDayNote(draft, business) : null;
  // Each opening starts from the date in use (it may have changed at checkout).
  useEffect(() => {
    if (open) setDraft(date);
  }, [open, date]);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  return (
    <Dialog open={open} onClose={close} title="When is your event?" size="small" closeLabel="Close">
      <form
        className="hire-date-form"
        // Our own message says what is wrong (the browser's bubble would stop the submit silently for tests and screen readers alike).
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problem = eventDateProblem(draft, timeZone, new Date(), business);
          if (problem) {
            setError(problem);
            return;
          }
          setDate(draft);
          close();
        }}
      >
        <p id={hintId} className="hire-date-form__hint">
          We show what is free on that day, and your order request holds it for you.
        </p>
        <label htmlFor={inputId}>Event date</label>
        <input
          id={inputId}
          data-autofocus
          type="date"
          min={earliest}
          max={latest}
          value={draft}
          aria-describedby={note ? `${hintId} ${noteId}` : hintId}
          aria-invalid={error !== null}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
        />
        {note && !error && (
          <p id={noteId} className="hire-date-form__closed" role="status">
            {note}
          </p>
        )}
        {closedAhead.length > 0 && (
          <div className="hire-date-form__hint">
            <p className="hire-date-form__closed-title">We are closed</p>
            <ul className="hire-date-form__closed-list">
              {closedAhead.map((run) => (
                <li key={run.from}>
                  <time dateTime={run.from}>{shortDate(run.from)}</time>
                  {run.to !== run.from && (
                    <>
                      {' to '}
                      <time dateTime={run.to}>{shortDate(run.to)}</time>
                    </>
                  )}
                  : {run.name}
                </li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <p className="hire-date-form__error" role="alert">
            {error}
          </p>
        )}
        <div className="hire-date-form__actions">
          <button type="submit" className="button">
            Show availability
          </button>
          {date && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setDate('');
                setDraft('');
                close();
              }}
            >
              Clear date
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** Offered where a shopper adds to the cart while no date is chosen. */
export function DateOffer() {
  const date = useDeviceAtomValue(hireDateAtom, '');
  const setOpen = useSetAtom(hireDatePickerOpenAtom);
  if (date) return null;
  return (
    <p className="date-offer">
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        When is your event?
      </button>{' '}
      Choose the date to see what is free then.
    </p>
  );
}
