// Where an invoice's PDF is and what it is saved as; 'Meine Tickets' and the admin's 'Rechnungen' link it.

/** GET /api/invoices/:id/pdf: the buyer's own invoice, or any for an admin. */
export const invoicePdfUrl = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}/pdf`;

/** 'Rechnung-RE-2026-00001.pdf' */
export const invoicePdfFileName = (number: string) => `Rechnung-${number}.pdf`;
