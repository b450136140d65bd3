import {
  ADMIN_TICKET_DEFAULT_PAGE_SIZE,
  ADMIN_TICKET_PAGE_SIZES,
  ADMIN_TICKET_STATUSES,
  type AdminTicketPageSize,
  type AdminTicketStatusFilter,
} from '@shared/admin-tickets';

/**
 * The screen's state, kept in the URL (docs/product/admin.md#tickets-screen: search, user, status and
 * onlyCancellationRequests; events, test tickets and paging travel the same way), so a link or a
 * reload shows the same tickets.
 */
export interface TicketFilters {
  search: string;
  events: string[];
  users: string[];
  status: AdminTicketStatusFilter;
  hideTest: boolean;
  onlyCancellationRequests: boolean;
  page: number;
  pageSize: AdminTicketPageSize;
}

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const isStatus = (value: string | null): value is AdminTicketStatusFilter =>
  (ADMIN_TICKET_STATUSES as readonly (string | null)[]).includes(value);

function pageSizeOf(value: string | null): AdminTicketPageSize {
  if (value === 'all') return 0;
  const size = Number(value);
  return (ADMIN_TICKET_PAGE_SIZES as readonly number[]).includes(size) && value !== null && value !== ''
    ? (size as AdminTicketPageSize)
    : ADMIN_TICKET_DEFAULT_PAGE_SIZE;
}

export function filtersFromParams(params: URLSearchParams): TicketFilters {
  const status = params.get('status');
  const page = Math.floor(Number(params.get('page')));
  return {
    search: params.get('search') ?? '',
    events: list(params.get('event')),
    users: params.getAll('user').flatMap(list),
    status: isStatus(status) ? status : 'all',
    hideTest: params.get('hideTest') === '1',
    onlyCancellationRequests: params.get('onlyCancellationRequests') === '1',
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    pageSize: pageSizeOf(params.get('pageSize')),
  };
}

/** Only what differs from the defaults, so a plain /admin/bookings stays plain. */
export function paramsFromFilters(filters: TicketFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.events.length > 0) params.set('event', filters.events.join(','));
  if (filters.users.length > 0) params.set('user', filters.users.join(','));
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.hideTest) params.set('hideTest', '1');
  if (filters.onlyCancellationRequests) params.set('onlyCancellationRequests', '1');
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== ADMIN_TICKET_DEFAULT_PAGE_SIZE) {
    params.set('pageSize', filters.pageSize === 0 ? 'all' : String(filters.pageSize));
  }
  return params;
}

/** The API's query string: the same names, every value spelled out. */
export function apiQueryOf(filters: TicketFilters): URLSearchParams {
  const params = paramsFromFilters(filters);
  params.set('page', String(filters.page));
  params.set('pageSize', filters.pageSize === 0 ? 'all' : String(filters.pageSize));
  return params;
}

/** The filter part only (no paging): the selection belongs to it and to the page shown. */
export const filterKeyOf = (filters: TicketFilters) =>
  paramsFromFilters({ ...filters, page: 1, pageSize: ADMIN_TICKET_DEFAULT_PAGE_SIZE }).toString();
