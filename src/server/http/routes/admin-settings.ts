import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_VARIANTS,
  generalSettingsSchema,
  integrationSettingsSchema,
  secretsSchema,
  type AdminSettings,
} from '@shared/admin-settings';
import { legalSettingsSchema } from '@shared/legal-settings';
import { AppError } from '../../core/app-error';
import { integrationStatus } from '../../core/settings/integration-status';
import { saveGeneralSettings } from '../../core/settings/save-general-settings';
import { saveIntegrationSettings } from '../../core/settings/save-integration-settings';
import { saveLegalSettings } from '../../core/settings/save-legal-settings';
import { saveSecrets } from '../../core/settings/save-secrets';
import { SecretStore } from '../../core/settings/secret-store';
import { uploadBrandLogo } from '../../core/settings/upload-brand-logo';
import { allow } from '../access';
import type { AppEnv } from '../app';
import { uploadLimit } from '../upload-limit';
import { validBody, validInput } from './admin-input';
import { adminPolicyRoutes } from './admin-policies';

const secretsOf = (c: Context<AppEnv>) => {
  const { database, config } = c.get('deps');
  return new SecretStore(database.db, config.appSecret);
};

// spec admin §2 'Settings' (cards), §7 set-brand-logo, admin-secrets, app_settings upserts. Admins only;
// secret values are write-only: no answer ever carries one (DESIGN §4 'Secrets').
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { settings } = c.get('deps');
    settings.invalidate(); // the admin sees what is stored now, also when another instance changed it
    const answer: AdminSettings = { settings: await settings.get(), secrets: await secretsOf(c).status() };
    return c.json(answer);
  })
  .get('/status', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const { config, settings } = c.get('deps');
    return c.json(
      integrationStatus({ config, settings: await settings.get(), secrets: await secretsOf(c).status() }),
    );
  })
  .put('/general', allow('admin'), async (c) => {
    const input = validBody(c, generalSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveGeneralSettings({ db: database.db, settings, input }));
  })
  .put('/legal', allow('admin'), async (c) => {
    const input = validBody(c, legalSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveLegalSettings({ db: database.db, settings, input }));
  })
  .put('/integrations', allow('admin'), async (c) => {
    const input = validBody(c, integrationSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveIntegrationSettings({ db: database.db, settings, input }));
  })
  .put('/secrets', allow('admin'), async (c) => {
    const input = validBody(c, secretsSchema);
    return c.json(await saveSecrets({ secrets: secretsOf(c), input }));
  })
  .post(
    '/logos/:variant',
    allow('admin'),
    // Checked before the body is read; app.ts exempts this path from the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE),
    async (c) => {
      const variant = validInput(
        z.enum(LOGO_VARIANTS, { error: 'Unbekannte Logo-Variante.' }),
        c.req.param('variant'),
      );
      const { database, storage, settings } = c.get('deps');
      const bytes = Buffer.from(await (await fileOf(c)).arrayBuffer());
      return c.json(await uploadBrandLogo({ db: database.db, storage, settings, variant, bytes }));
    },
  )
  .route('/', adminPolicyRoutes);

async function fileOf(c: Context): Promise<Blob> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') {
    throw new AppError('bad_request', 'Bitte eine Bilddatei im Feld „file“ senden.');
  }
  return file;
}
