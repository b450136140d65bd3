import { BadgeCheck, CircleAlert, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import {
  CERTIFICATE_CHECK_NOT_FOUND,
  CERTIFICATE_CHECK_TEXTS,
  type CertificateCheck,
} from '@shared/certificate-check';
import { buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useCertificateCheck } from './api/get-certificate-check';

/**
 * '/bescheinigung/{code}': what an employer sees after scanning a certificate's QR code
 * (docs/product/certificates.md#check-page), without an account: valid, revoked or replaced, the name
 * abbreviated, the event, its dates and the amount. An unknown code says so; too many tries say to wait.
 */
export function CertificateCheckPage() {
  usePageTitle('Teilnahmebescheinigung prüfen');
  const { code = '' } = useParams();
  const check = useCertificateCheck(code);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-12 sm:py-16"
      aria-labelledby="check-heading"
    >
      <p className="text-sm font-medium text-muted-foreground">
        Echtheitsprüfung einer Teilnahmebescheinigung
      </p>
      {check.isPending ? (
        <PageSpinner />
      ) : check.isError ? (
        <Failure error={check.error} code={code} />
      ) : (
        <Verdict check={check.data} />
      )}
    </section>
  );
}

function Verdict({ check }: { check: CertificateCheck }) {
  const valid = check.status === 'valid';
  const texts = CERTIFICATE_CHECK_TEXTS[check.status];
  const Icon = valid ? BadgeCheck : CircleAlert;
  return (
    <div
      className={`rounded-2xl border p-6 ${valid ? 'border-primary/40 bg-primary/5' : 'border-destructive/40 bg-destructive/5'}`}
      data-status={check.status}
    >
      <div className="flex items-start gap-3">
        <Icon
          className={`mt-1 h-7 w-7 shrink-0 ${valid ? 'text-primary' : 'text-destructive'}`}
          aria-hidden
        />
        <div>
          <h1 id="check-heading" className="font-serif text-2xl font-semibold tracking-tight">
            {texts.title}
          </h1>
          <p className="mt-1 text-muted-foreground">{texts.text}</p>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Teilnehmer:in</dt>
        <dd className="font-medium">{check.holder}</dd>
        <dt className="text-muted-foreground">Veranstaltung</dt>
        <dd className="font-medium break-words">{check.eventTitle}</dd>
        <dt className="text-muted-foreground">Datum</dt>
        <dd>{check.dates}</dd>
        {check.amount && (
          <>
            <dt className="text-muted-foreground">Umfang</dt>
            <dd>{check.amount}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Ausgestellt von</dt>
        <dd>{check.organizer}</dd>
        <dt className="text-muted-foreground">Ausgestellt am</dt>
        <dd>{check.issuedOn}</dd>
        {check.endedOn && (
          <>
            <dt className="text-muted-foreground">
              {check.status === 'revoked' ? 'Widerrufen am' : 'Ersetzt am'}
            </dt>
            <dd>{check.endedOn}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Prüfcode</dt>
        <dd className="font-mono">{check.code}</dd>
      </dl>
      <p className="mt-6 text-xs text-muted-foreground">
        Zum Schutz der Person zeigen wir nur den Vornamen und den ersten Buchstaben des Nachnamens. Vergleiche
        ihn mit dem Namen auf der Bescheinigung.
      </p>
    </div>
  );
}

function Failure({ error, code }: { error: Error; code: string }) {
  const status = error instanceof ApiError ? error.status : 0;
  const text =
    status === 404
      ? CERTIFICATE_CHECK_NOT_FOUND
      : status === 429
        ? error.message
        : 'Die Prüfung ist gerade nicht möglich. Bitte versuche es später noch einmal.';
  return (
    <div className="rounded-2xl border border-border p-6">
      <div className="flex items-start gap-3">
        <SearchX className="mt-1 h-7 w-7 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <h1 id="check-heading" className="font-serif text-2xl font-semibold tracking-tight">
            {status === 404 ? 'Bescheinigung nicht gefunden' : 'Prüfung nicht möglich'}
          </h1>
          <p className="mt-1 text-muted-foreground" role={status === 404 ? undefined : 'alert'}>
            {text}
          </p>
          <p className="mt-3 text-sm text-muted-foreground">
            Geprüfter Code: <span className="font-mono">{code}</span>
          </p>
        </div>
      </div>
      <Link to="/" className={`${buttonClasses('secondary', 'sm')} mt-6`}>
        Zur Startseite
      </Link>
    </div>
  );
}
