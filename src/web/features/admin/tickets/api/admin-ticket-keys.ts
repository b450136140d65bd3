/**
 * Query keys of 'Tickets verwalten'; mutations invalidate the list and the filter options only (their key
 * lives with the query in kit/get-ticket-filter-options.ts: the invoices read it too).
 */
export const ADMIN_TICKETS_KEY = ['admin', 'tickets'] as const;
export const ADMIN_TICKET_LIST_KEY = [...ADMIN_TICKETS_KEY, 'list'] as const;
export const ADMIN_TICKET_CANCEL_PREVIEW_KEY = [...ADMIN_TICKETS_KEY, 'cancel-preview'] as const;
