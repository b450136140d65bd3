/**
 * One entry of the dev mailbox, GET /api/dev/mails (a contract the browser tests read: keep these fields
 * stable; decision 016).
 */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
  createdAt: string;
}
