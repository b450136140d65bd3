// A category of the client's tests ('Ticketarten', docs/product/ticket-categories.md): on sale, no own limit.
import type { PublicTicketCategory } from '@shared/ticket-categories';

export const ticketCategory = (overrides: Partial<PublicTicketCategory> = {}): PublicTicketCategory => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ticket',
  description: null,
  priceCents: 2500,
  earlyBirdPriceCents: null,
  earlyBirdEndsAt: null,
  priceUnit: 'per_person',
  capacity: null,
  saleStartsAt: null,
  saleEndsAt: null,
  minPerOrder: 1,
  maxPerOrder: null,
  requiresCode: false,
  position: 0,
  availableSeats: 20,
  ...overrides,
});
