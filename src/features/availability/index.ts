export { dayAvailabilityQueryOptions, useDayAvailability } from './api/get-day-availability';
export { type CartDemandLine, cartFreeCounts, shortDate, shortLines } from './availability-rules';
export { AvailabilityNote, SavedCopyAge, useFreeOnDate } from './components/availability-note';
export { DateOffer, HireDateButton, HireDatePicker } from './components/hire-date-picker';
