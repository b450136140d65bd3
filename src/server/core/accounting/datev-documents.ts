import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import { zonedParts } from '@shared/event-rules';
import type { ExportRange } from '@shared/accounting';
import { invoiceFileName } from '@shared/invoices';
import { invoices } from '../../db/schema';
import type { Db } from '../../db/types';
import { AppError } from '../app-error';
import { invoicePdfForMail } from '../invoices/invoice-files';
import type { SettingsStore } from '../settings/settings-store';
import { loadAccountingSettings } from './accounting-settings';

/** DATEV takes at most this many documents in one package (XML-Schnittstelle online). */
export const MAX_DOCUMENTS = 4999;
export const TOO_MANY_DOCUMENTS = `Ein DATEV-Paket fasst höchstens ${MAX_DOCUMENTS.toLocaleString('de-DE')} Belege: wähle einen kürzeren Zeitraum.`;

/** The schema wants at least one document; an empty range has nothing to send (the stapel may still be empty). */
export const NO_DOCUMENTS = 'In diesem Zeitraum gibt es keine Rechnungen, also auch keine Belege für DATEV.';

const NAMESPACE = 'http://xml.datev.de/bedi/tps/document/v06.0';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The range's invoices and cancellation invoices as a DATEV document package (docs/product/accounting.md#zip):
 * a ZIP with each kept PDF and a `document.xml` (schema Document v06.0) naming them, each document's GUID the
 * invoice's id, the same the Buchungsstapel's Beleglink ('BEDI "…"') points to. A PDF not made yet is made
 * and kept here, as at its first download (docs/product/invoices.md#never-changes).
 */
export async function exportDatevDocuments(
  deps: { db: Db; settings: SettingsStore },
  range: ExportRange,
  now: Date = new Date(),
): Promise<{ body: Uint8Array; fileName: string; documents: number }> {
  const issueDate = sql<string>`${invoices.document}->>'issueDate'`;
  const rows = await deps.db
    .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(and(gte(issueDate, range.from), lte(issueDate, range.to)))
    .orderBy(asc(issueDate), asc(invoices.number));
  if (rows.length === 0) throw new AppError('not_found', NO_DOCUMENTS);
  if (rows.length > MAX_DOCUMENTS) throw new AppError('validation_failed', TOO_MANY_DOCUMENTS);
  const app = await deps.settings.get();
  const accounting = await loadAccountingSettings(deps.db);

  const files: Zippable = {};
  const documents: string[] = [];
  for (const row of rows) {
    const name = invoiceFileName(row.number);
    // PDFs are compressed already: stored, not deflated; the issue time as the entry's time
    files[name] = [
      await invoicePdfForMail(deps.db, row.id, app.brand.siteName),
      { level: 0, mtime: row.issuedAt },
    ];
    const title = row.kind === 'invoice' ? 'Rechnung' : 'Rechnungskorrektur (Storno)';
    documents.push(
      `    <document guid="${row.id}" processID="1" type="2">\n` +
        `      <description>${xml(`${title} ${row.number}`)}</description>\n` +
        `      <extension xsi:type="File" name="${xml(name)}"/>\n` +
        `    </document>`,
    );
  }
  const { year, month, day, hour, minute, second } = zonedParts(now, app.timezone.name);
  const numbers =
    accounting.consultantNumber && accounting.clientNumber
      ? `    <consultantNumber>${accounting.consultantNumber}</consultantNumber>\n` +
        `    <clientNumber>${accounting.clientNumber}</clientNumber>\n`
      : '';
  const documentXml =
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<archive xmlns="${NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NAMESPACE} Document_v060.xsd" version="6.0" generatingSystem="${xml(app.brand.siteName)}">\n` +
    `  <header>\n` +
    `    <date>${year}-${month}-${day}T${hour}:${minute}:${second}</date>\n` +
    `    <description>${xml(`Rechnungen ${range.from} bis ${range.to}`)}</description>\n` +
    numbers +
    `  </header>\n` +
    `  <content>\n${documents.join('\n')}\n  </content>\n` +
    `</archive>\n`;
  files['document.xml'] = new TextEncoder().encode(documentXml);
  return {
    body: zipSync(files, { level: 6 }),
    fileName: `DATEV-Belege_${range.from.replaceAll('-', '')}_${range.to.replaceAll('-', '')}.zip`,
    documents: rows.length,
  };
}
