import { useState } from 'react';
import { PRIVACY_MESSAGES } from '@shared/privacy';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { downloadPersonalData } from '../api/download-personal-data';
import { DeleteAccountDialog } from './delete-account-dialog';
import { cardClass } from './field-styles';

/**
 * 'Deine Daten' in 'Mein Profil': the export (docs/product/accounts-and-consent.md#data-export) and the
 * deletion of the account (docs/product/accounts-and-consent.md#account-deletion).
 */
export function PersonalDataSection() {
  const [downloading, setDownloading] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const download = () => {
    setDownloading(true);
    downloadPersonalData()
      .catch(() => toast.error(PRIVACY_MESSAGES.exportFailed))
      .finally(() => setDownloading(false));
  };

  return (
    <section aria-labelledby="personal-data-heading" className={cardClass}>
      <h2 id="personal-data-heading" className="text-lg font-semibold">
        Deine Daten
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Du bekommst eine Datei (JSON) mit allem, was wir über dich speichern: Konto und Profil,
        Einwilligungen, Newsletter, Buchungen mit Tickets, Erstattungen, Rechnungen, Wartelisten, E-Mails an
        dich und deine Anmeldungen.
      </p>
      <Button variant="secondary" className="mt-4" onClick={download} disabled={downloading}>
        {downloading ? 'Wird zusammengestellt …' : 'Meine Daten herunterladen'}
      </Button>
      <p className="mt-6 text-sm text-muted-foreground">
        Wenn du dein Konto löschst, werden deine Tickets für kommende Events storniert und deine persönlichen
        Daten gelöscht.
      </p>
      <Button variant="destructive" className="mt-4" onClick={() => setDeleteOpen(true)}>
        Konto löschen
      </Button>
      <DeleteAccountDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </section>
  );
}
