/** Query keys of the discount codes (docs/product/ticket-categories.md#codes); mutations invalidate `list`. */
export const DISCOUNT_CODE_KEYS = {
  all: ['admin', 'discount-codes'] as const,
  list: ['admin', 'discount-codes', 'list'] as const,
  /** The events and categories the form offers. */
  options: ['admin', 'discount-codes', 'options'] as const,
};
