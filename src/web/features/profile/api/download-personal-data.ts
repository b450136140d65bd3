import { dataExportFileName } from '@shared/privacy';
import { saveBlob } from '@web/lib/save-blob';

/** The file name the server gave, else today's (browser's day; the server's is the shop's). */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? dataExportFileName(new Date().toISOString().slice(0, 10));
}

/**
 * 'Meine Daten herunterladen' (docs/product/accounts-and-consent.md#data-export): GET /api/profile/export,
 * saved as meine-daten-{Datum}.json. Throws when the file cannot be had (toast PRIVACY_MESSAGES.exportFailed).
 * Returns the file name.
 */
export async function downloadPersonalData(): Promise<string> {
  const response = await fetch('/api/profile/export', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Datenexport fehlgeschlagen (${response.status})`);
  const fileName = fileNameOf(response);
  saveBlob(new Blob([await response.text()], { type: 'application/json' }), fileName);
  return fileName;
}
