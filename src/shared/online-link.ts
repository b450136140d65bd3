// The access link of an online event (docs/product/tickets-and-refunds.md#online-link-buyers-only): how the
// pages, mails and ticket documents name it. Who gets it is decided on the server
// (docs/decisions/019-online-links.md).

export const ONLINE_LINK_TEXTS = {
  label: 'Zugangslink',
  /** An active ticket of an online event whose link is not set yet. */
  pending: 'Den Zugangslink bekommst du per E-Mail, sobald er feststeht.',
  /** The same on the ticket document, one short line; also on stored previews, which never hold the link. */
  documentPending: 'Zugangslink per E-Mail und unter „Meine Tickets“',
  /** A cancelled online ticket prints this instead of an entry time. */
  documentCancelled: 'Online-Teilnahme',
} as const;
