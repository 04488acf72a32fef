/** The order id of the spec's fallback email: the order could not be stored (ending 4). */
export const FALLBACK_ORDER_ID = 'Unassigned';
