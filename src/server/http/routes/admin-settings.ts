import { Hono } from 'hono';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_VARIANTS,
  generalSettingsSchema,
  integrationSettingsSchema,
  invoiceSettingsSchema,
  bankTransferSettingsSchema,
  mailSignatureSchema,
  secretsSchema,
} from '@shared/admin-settings';
import { legalSettingsSchema } from '@shared/legal-settings';
import { paymentMethodSettingsSchema } from '@shared/payment-method-schema';
import { widgetSettingsSchema } from '@shared/widget-schema';
import {
  loadAdminSettings,
  loadIntegrationStatus,
  secretStoreOf,
} from '../../core/settings/admin-settings-view';
import { saveGeneralSettings } from '../../core/settings/save-general-settings';
import { saveIntegrationSettings } from '../../core/settings/save-integration-settings';
import { saveBankTransferSettings } from '../../core/settings/save-bank-transfer-settings';
import { saveInvoiceSettings } from '../../core/settings/save-invoice-settings';
import { saveLegalSettings } from '../../core/settings/save-legal-settings';
import { saveMailSignature } from '../../core/settings/save-mail-signature';
import { savePaymentMethodSettings } from '../../core/settings/save-payment-method-settings';
import { saveSecrets } from '../../core/settings/save-secrets';
import { saveWidgetSettings } from '../../core/settings/save-widget-settings';
import { uploadBrandLogo } from '../../core/settings/upload-brand-logo';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { uploadedFile, uploadLimit } from '../upload-limit';
import { validBody, validInput } from '../validation';
import { adminPolicyRoutes } from './admin-policies';

// The settings cards (docs/product/admin.md#settings): logos, secrets, settings rows. Admins only;
// secret values are write-only: no answer ever carries one (docs/product/admin.md#secrets-encrypted).
export const adminSettingsRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await loadAdminSettings(c.get('deps')));
  })
  .get('/status', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await loadIntegrationStatus(c.get('deps')));
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
  .put('/mail-signature', allow('admin'), async (c) => {
    const input = validBody(c, mailSignatureSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveMailSignature({ db: database.db, settings, input }));
  })
  .put('/invoicing', allow('admin'), async (c) => {
    const input = validBody(c, invoiceSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveInvoiceSettings({ db: database.db, settings, input }));
  })
  .put('/bank-transfer', allow('admin'), async (c) => {
    const input = validBody(c, bankTransferSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveBankTransferSettings({ db: database.db, settings, input }));
  })
  // card 'Zahlungsarten' (docs/decisions/056-payment-methods-and-the-checkout.md)
  .put('/payment-methods', allow('admin'), async (c) => {
    const input = validBody(c, paymentMethodSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await savePaymentMethodSettings({ db: database.db, settings, input }));
  })
  // card 'Auf deiner Website einbinden' (docs/product/widget.md#allowed-sites)
  .put('/widget', allow('admin'), async (c) => {
    const input = validBody(c, widgetSettingsSchema);
    const { database, settings } = c.get('deps');
    return c.json(await saveWidgetSettings({ db: database.db, settings, input }));
  })
  .put('/secrets', allow('admin'), async (c) => {
    const input = validBody(c, secretsSchema);
    return c.json(await saveSecrets({ secrets: secretStoreOf(c.get('deps')), input }));
  })
  .post(
    '/logos/:variant',
    allow('admin'),
    // Checked before the body is read, instead of the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE),
    async (c) => {
      const variant = validInput(
        z.enum(LOGO_VARIANTS, { error: 'Unbekannte Logo-Variante.' }),
        c.req.param('variant'),
      );
      const bytes = await uploadedFile(c);
      const { database, storage, settings } = c.get('deps');
      return c.json(await uploadBrandLogo({ db: database.db, storage, settings, variant, bytes }));
    },
  )
  .route('/', adminPolicyRoutes);
