export { dayAvailabilityQueryOptions, useDayAvailability } from './api/get-day-availability';
export {
  availabilityLabel,
  type CartDemandLine,
  cartFreeCounts,
  closedDayNote,
  earliestHireDate,
  eventDateProblem,
  freeWhenText,
  lateProblem,
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
export { DateOffer, HireDatePicker } from './components/hire-date-picker';
export { PriceCoversNote } from './components/price-covers-note';
export { clearPassedEventDate } from './passed-date';
export { usePriceCovers } from './use-price-covers';
export { useShopDay } from './use-shop-day';
