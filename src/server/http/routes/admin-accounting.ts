import { Hono, type Context } from 'hono';
import { accountingSettingsSchema, exportRangeSchema } from '@shared/accounting';
import { loadAccountingSettings, saveAccountingSettings } from '../../core/accounting/accounting-settings';
import { exportDatevDocuments } from '../../core/accounting/datev-documents';
import { exportDatevStapel, previewDatevExport } from '../../core/accounting/export-datev';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { validBody, validInput } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');
const rangeOf = (c: Context) =>
  validInput(exportRangeSchema, { from: c.req.query('from') ?? '', to: c.req.query('to') ?? '' });
const deps = (c: Context<AppEnv>) => ({ db: c.get('deps').database.db, settings: c.get('deps').settings });

// 'Buchhaltung' (docs/product/accounting.md), admins only: the accounts, the preview of a range, the DATEV
// Buchungsstapel and the document package. Mounted at /api/admin/accounting.
export const adminAccountingRoutes = new Hono<AppEnv>()
  .get('/settings', allow('admin'), async (c) => {
    noStore(c);
    return c.json({ accounting: await loadAccountingSettings(c.get('deps').database.db) });
  })
  .put('/settings', allow('admin'), async (c) => {
    const input = validBody(c, accountingSettingsSchema);
    return c.json(await saveAccountingSettings({ db: c.get('deps').database.db, input }));
  })
  .get('/preview', allow('admin'), async (c) => {
    const range = rangeOf(c);
    noStore(c);
    return c.json(await previewDatevExport(deps(c), range));
  })
  .get('/datev.csv', allow('admin'), async (c) => {
    const range = rangeOf(c);
    const file = await exportDatevStapel(deps(c), range);
    c.header('Content-Type', 'text/csv; charset=windows-1252');
    c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    noStore(c);
    return c.body(new Uint8Array(file.body));
  })
  .get('/datev-belege.zip', allow('admin'), async (c) => {
    const range = rangeOf(c);
    const file = await exportDatevDocuments(deps(c), range);
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    noStore(c);
    return c.body(new Uint8Array(file.body));
  });
