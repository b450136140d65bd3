import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { useDevMails } from './api/get-dev-mails';
import { DevMailDetail } from './components/dev-mail-detail';
import { formatDateTimeSeconds } from '@web/lib/format';

/** The dev mailbox at /dev/mails shows what GET /api/dev/mails returns, to a person (decision 016). */
export function DevMailsPage() {
  usePageTitle('Entwickler-Postfach');
  const timeZone = useSettings().timezone.name;
  const { data: mails, error, isPending, isFetching, refetch } = useDevMails();
  const [params, setParams] = useSearchParams();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const selected = mails?.find((mail) => mail.id === params.get('mail')) ?? mails?.[0];

  const select = (id: string) => {
    setParams({ mail: id }, { replace: true });
    // On narrow screens the detail sits below the list: move there, and tell screen readers where they are.
    requestAnimationFrame(() => detailHeading.current?.focus());
  };

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-semibold tracking-tight">Entwickler-Postfach</h1>
          <p className="mt-2 text-muted-foreground">
            Hier landen alle E-Mails, weil kein SMTP-Server konfiguriert ist (SMTP_URL ist nicht gesetzt).
            Nichts davon wird verschickt.
          </p>
        </div>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={`h-4 w-4 ${isFetching ? 'animate-spin' : ''}`} aria-hidden />
          Neu laden
        </Button>
      </header>

      <p className="sr-only" aria-live="polite">
        {isFetching ? 'Wird geladen …' : mails ? `${mails.length} E-Mails` : ''}
      </p>

      {isPending ? (
        <PageSpinner />
      ) : error ? (
        <ErrorText size="base" className="mt-8 rounded-lg border border-border bg-destructive-bg px-4 py-3">
          {error.message}
        </ErrorText>
      ) : mails.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-16 text-center">
          <Inbox className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="mt-3 text-lg font-medium">Noch keine E-Mails.</p>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label="E-Mails" className="min-w-0">
            <ul className="max-h-[50vh] divide-y divide-border overflow-y-auto rounded-xl border border-border bg-card lg:max-h-[75vh]">
              {mails.map((mail) => {
                const current = mail.id === selected?.id;
                return (
                  <li key={mail.id}>
                    <button
                      type="button"
                      onClick={() => select(mail.id)}
                      aria-current={current ? 'true' : undefined}
                      className={`block w-full px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring ${current ? 'bg-accent text-accent-foreground' : 'text-card-foreground'}`}
                    >
                      <span className="block truncate font-medium">{mail.subject}</span>
                      <span className="block truncate text-sm">{mail.to}</span>
                      <time dateTime={mail.createdAt} className="block text-xs text-muted-foreground">
                        {formatDateTimeSeconds(mail.createdAt, timeZone)}
                      </time>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {selected ? <DevMailDetail ref={detailHeading} mail={selected} timeZone={timeZone} /> : null}
        </div>
      )}
    </section>
  );
}
