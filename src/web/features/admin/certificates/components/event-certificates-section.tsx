import { Award, Download, PenLine, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CERTIFICATE_MESSAGES as M,
  certificateCheckPath,
  type CertificateTicketRow,
  type EventCertificates,
} from '@shared/certificates';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { sectionClass } from '@web/features/admin/kit/form-field';
import { adminCertificatePdfUrl } from '../api/certificate-keys';
import { useCertificateActions, useEventCertificates } from '../api/event-certificates';

/**
 * 'Teilnahmebescheinigungen' below the participant list (docs/product/certificates.md#by-hand): each ticket with
 * its certificate: 'Ausstellen', 'PDF', 'Widerrufen', 'Neu ausstellen' (with a corrected name; the old one is
 * then 'ersetzt'), and 'Alle ausstellen' for every ticket that gets one by the rule.
 */
export function EventCertificatesSection({ eventId }: { eventId: string }) {
  const list = useEventCertificates(eventId);
  return (
    <section
      aria-labelledby="certificates-heading"
      className={`${sectionClass} flex flex-col gap-4 print:hidden`}
    >
      <h2 id="certificates-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Award className="h-5 w-5" aria-hidden />
        Teilnahmebescheinigungen
      </h2>
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">Wird geladen …</p>
      ) : list.isError ? (
        <p className="text-sm text-muted-foreground">Die Bescheinigungen konnten nicht geladen werden.</p>
      ) : (
        <CertificatesView eventId={eventId} data={list.data} />
      )}
    </section>
  );
}

function CertificatesView({ eventId, data }: { eventId: string; data: EventCertificates }) {
  const actions = useCertificateActions();
  const [revoking, setRevoking] = useState<CertificateTicketRow | null>(null);
  const [renaming, setRenaming] = useState<CertificateTicketRow | null>(null);

  if (!data.enabled) {
    return (
      <p className="text-sm text-muted-foreground">
        Für dieses Event sind Teilnahmebescheinigungen ausgeschaltet.{' '}
        <Link to={`/admin/events/${eventId}/edit#certificate`} className="font-medium text-primary underline">
          In den Einstellungen des Events einschalten
        </Link>
      </p>
    );
  }
  if (!data.started) return <p className="text-sm text-muted-foreground">{M.notStarted}</p>;

  const open = data.tickets.filter((row) => row.eligible && !row.current).length;
  const issue = async (ticketIds?: string[]) => {
    try {
      const { issued } = await actions.issue.mutateAsync({ eventId, ticketIds });
      toast.success(issued > 0 ? M.issued(issued) : M.noneToIssue);
    } catch (failure) {
      toast.error(messageOf(failure, 'Die Bescheinigung konnte nicht ausgestellt werden.'));
    }
  };
  const revoke = async () => {
    const row = revoking;
    setRevoking(null);
    if (!row?.current) return;
    try {
      await actions.revoke.mutateAsync({ eventId, certificateId: row.current.id });
      toast.success(M.revoked);
    } catch (failure) {
      toast.error(messageOf(failure, 'Die Bescheinigung konnte nicht widerrufen werden.'));
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {data.withoutCheckIn
            ? 'Niemand wurde eingecheckt: Jedes aktive Ticket zählt als anwesend.'
            : 'Eine Bescheinigung bekommen die eingecheckten Tickets; andere stellst du hier von Hand aus.'}
        </p>
        <Button size="sm" disabled={actions.issue.isPending || open === 0} onClick={() => void issue()}>
          <Award className="h-4 w-4" aria-hidden />
          {open > 0 ? `Alle ausstellen (${open})` : 'Alle ausgestellt'}
        </Button>
      </div>
      {data.tickets.length === 0 ? (
        <p className="text-sm text-muted-foreground">Für diese Veranstaltung gibt es noch keine Tickets.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {data.tickets.map((row) => (
            <CertificateRow
              key={row.ticketId}
              row={row}
              busy={actions.issue.isPending}
              onIssue={() => void issue([row.ticketId])}
              onRevoke={() => setRevoking(row)}
              onRename={() => setRenaming(row)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Bescheinigung widerrufen"
        description={
          <p>
            Die Bescheinigung von {revoking?.holderName} gilt dann nicht mehr: Die Prüfseite zeigt
            „widerrufen“. Das lässt sich nicht rückgängig machen; du kannst aber eine neue ausstellen.
          </p>
        }
        confirmLabel="Widerrufen"
        onConfirm={() => void revoke()}
        onCancel={() => setRevoking(null)}
      />
      <ReissueDialog eventId={eventId} row={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

function CertificateRow({
  row,
  busy,
  onIssue,
  onRevoke,
  onRename,
}: {
  row: CertificateTicketRow;
  busy: boolean;
  onIssue: () => void;
  onRevoke: () => void;
  onRename: () => void;
}) {
  const cancelled = row.ticketStatus !== 'active';
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      aria-label={row.holderName}
    >
      <div className="min-w-0">
        <p className="font-medium break-words">
          {row.holderName} <span className="font-mono text-sm text-muted-foreground">({row.code})</span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {cancelled ? (
            <Badge tone="destructive">Storniert</Badge>
          ) : row.current ? (
            <>
              <Badge tone="success">Ausgestellt</Badge>
              <Link to={certificateCheckPath(row.current.code)} className="font-mono underline">
                {row.current.code}
              </Link>
            </>
          ) : (
            <Badge tone={row.eligible ? 'warning' : 'neutral'}>
              {row.eligible ? 'Noch nicht ausgestellt' : 'Nicht eingecheckt'}
            </Badge>
          )}
          {row.earlier.length > 0 && (
            <span>
              {row.earlier
                .map(
                  (earlier) => `${earlier.code} ${earlier.status === 'revoked' ? 'widerrufen' : 'ersetzt'}`,
                )
                .join(', ')}
            </span>
          )}
        </p>
      </div>
      {!cancelled && (
        <div className="flex flex-wrap gap-2">
          {row.current ? (
            <>
              <a
                href={adminCertificatePdfUrl(row.current.id)}
                download
                className={buttonClasses('secondary', 'sm')}
                aria-label={`Bescheinigung von ${row.holderName} als PDF`}
              >
                <Download className="h-4 w-4" aria-hidden />
                PDF
              </a>
              <Button variant="secondary" size="sm" onClick={onRename}>
                <PenLine className="h-4 w-4" aria-hidden />
                Neu ausstellen
              </Button>
              <Button variant="ghost" size="sm" onClick={onRevoke}>
                <XCircle className="h-4 w-4" aria-hidden />
                Widerrufen
              </Button>
            </>
          ) : (
            <Button variant="secondary" size="sm" disabled={busy} onClick={onIssue}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Ausstellen
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** 'Neu ausstellen': the name as it should stand on the certificate; the old one becomes 'ersetzt'. */
function ReissueDialog({
  eventId,
  row,
  onClose,
}: {
  eventId: string;
  row: CertificateTicketRow | null;
  onClose: () => void;
}) {
  const { reissue } = useCertificateActions();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (row && shownFor !== row.ticketId) {
    setShownFor(row.ticketId);
    setName(row.holderName);
    setError(null);
  }
  const close = () => {
    setShownFor(null);
    onClose();
  };
  const submit = async () => {
    if (!row?.current) return;
    if (!name.trim()) {
      setError(M.noName);
      return;
    }
    try {
      await reissue.mutateAsync({ eventId, certificateId: row.current.id, name: name.trim() });
      toast.success(M.reissued);
      close();
    } catch (failure) {
      setError(messageOf(failure, 'Die Bescheinigung konnte nicht neu ausgestellt werden.'));
    }
  };
  return (
    <FormDialog
      open={row !== null}
      title="Bescheinigung neu ausstellen"
      description="Die neue Bescheinigung bekommt einen neuen Prüfcode; die alte gilt dann als ersetzt."
      onClose={close}
    >
      <Form className="mt-4 flex flex-col gap-4" onSubmit={submit}>
        <Field label="Name auf der Bescheinigung" required error={error}>
          <Input
            size="sm"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <DialogActions
          onCancel={close}
          busy={reissue.isPending}
          submitLabel="Neu ausstellen"
          busyLabel="Wird ausgestellt …"
        />
      </Form>
    </FormDialog>
  );
}
