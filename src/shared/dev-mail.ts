/** One entry of the dev mailbox, GET /api/dev/mails (DESIGN §1 contract: keep these fields stable). */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number }[];
  createdAt: string;
}
