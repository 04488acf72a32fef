export { dayAvailabilityQueryOptions, useDayAvailability } from './api/get-day-availability';
export {
  type CartDemandLine,
  cartFreeCounts,
  earliestHireDate,
  eventDateProblem,
  latestEventDate,
  shortDate,
  shortLines,
} from './availability-rules';
export {
  AvailabilityNote,
  AvailabilityNoteText,
  type DayAvailability,
  SavedCopyAge,
  useFreeOnDate,
} from './components/availability-note';
export { HireDateButton } from './components/hire-date-button';
export { DateOffer } from './components/hire-date-picker';
/** The hire date picker dialog, a chunk of its own (the site's overlays load it after hydration). */
export const loadHireDatePicker = () =>
  import('./components/hire-date-picker').then((m) => ({ default: m.HireDatePicker }));
export { clearPassedEventDate } from './passed-date';
