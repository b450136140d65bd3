/** Query keys of the mail rules (docs/product/event-mails.md#mail-rules); mutations invalidate `all`. */
export const MAIL_RULE_KEYS = {
  all: ['admin', 'mail-rules'] as const,
  /** The global rules, or with an event also its own rules and fassungen. */
  list: (eventId: string | null) => ['admin', 'mail-rules', 'list', eventId ?? 'global'] as const,
  log: (ruleId: string) => ['admin', 'mail-rules', 'log', ruleId] as const,
};
