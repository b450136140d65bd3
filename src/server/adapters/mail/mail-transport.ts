// The mail adapter's interface; the implementations (smtp-transport.ts, devbox-transport.ts) import it, and
// create-mail-transport.ts picks one (docs/architecture.md, Adapters).

export interface MailAttachmentContent {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachmentContent[];
}

/** Delivers one mail or throws; retries and bookkeeping belong to the outbox worker, not here. */
export interface MailTransport {
  kind: 'smtp' | 'devbox';
  send(mail: OutgoingMail): Promise<void>;
}
