import { forwardRef, type ReactNode } from 'react';
import { Paperclip } from 'lucide-react';
import type { DevMail } from '../api/get-dev-mails';
import { formatDateTimeSeconds, formatFileSize } from '@web/lib/format';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** URLs in the text version become links: the HTML preview is sandboxed, so its links do not open. */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="font-medium text-primary underline underline-offset-4 break-all">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
}

export const DevMailDetail = forwardRef<HTMLHeadingElement, { mail: DevMail; timeZone: string }>(
  function DevMailDetail({ mail, timeZone }, headingRef) {
    return (
      <article
        aria-labelledby="dev-mail-subject"
        className="min-w-0 rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-6"
      >
        <h2
          id="dev-mail-subject"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold break-words outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {mail.subject}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">An</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-muted-foreground">Zeit</dt>
          <dd>
            <time dateTime={mail.createdAt}>{formatDateTimeSeconds(mail.createdAt, timeZone)}</time>
          </dd>
        </dl>

        {mail.attachments.length > 0 ? (
          <section aria-labelledby="dev-mail-attachments" className="mt-5">
            <h3 id="dev-mail-attachments" className="text-sm font-semibold">
              Anhänge
            </h3>
            <ul className="mt-2 space-y-1 text-sm">
              {mail.attachments.map((attachment, i) => (
                <li key={`${attachment.filename}-${i}`} className="flex items-center gap-2 break-all">
                  <Paperclip className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span>{attachment.filename}</span>
                  <span className="text-muted-foreground">
                    ({attachment.contentType}, {formatFileSize(attachment.size)})
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="dev-mail-html" className="mt-6">
          <h3 id="dev-mail-html" className="text-sm font-semibold">
            HTML-Version
          </h3>
          {/* sandbox="": no scripts, no forms, no same-origin access; mail HTML is untrusted content. */}
          <iframe
            title={`HTML-Version: ${mail.subject}`}
            sandbox=""
            srcDoc={mail.html}
            className="mt-2 h-[36rem] w-full rounded-lg border border-border bg-white"
          />
        </section>

        <section aria-labelledby="dev-mail-text" className="mt-6">
          <h3 id="dev-mail-text" className="text-sm font-semibold">
            Textversion
          </h3>
          <pre className="mt-2 overflow-x-auto rounded-lg border border-border bg-muted p-4 font-mono text-sm whitespace-pre-wrap break-words">
            <Linkified text={mail.text} />
          </pre>
        </section>
      </article>
    );
  },
);
