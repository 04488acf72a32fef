export { bookingQueryOptions } from './api/booking-query';
export { BookingPage } from './components/booking-page';
