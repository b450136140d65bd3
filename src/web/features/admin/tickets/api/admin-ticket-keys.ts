/** Query keys of 'Tickets verwalten'; mutations invalidate the list and the filter options only. */
export const ADMIN_TICKETS_KEY = ['admin', 'tickets'] as const;
export const ADMIN_TICKET_LIST_KEY = [...ADMIN_TICKETS_KEY, 'list'] as const;
export const ADMIN_TICKET_FILTERS_KEY = [...ADMIN_TICKETS_KEY, 'filters'] as const;
export const ADMIN_TICKET_CANCEL_PREVIEW_KEY = [...ADMIN_TICKETS_KEY, 'cancel-preview'] as const;
