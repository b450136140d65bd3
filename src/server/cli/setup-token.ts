// `npm run setup-token`: prints a single-use /setup URL for creating the first admin. It only signs with
// APP_SECRET (from the environment or DATA_DIR) and never opens the database: PGlite allows one process
// at a time and the server may be running (docs/product/admin.md#owner-setup).
import { loadConfig } from '../config';
import { createSetupToken, SETUP_TOKEN_HOURS_VALID, setupUrl } from '../core/setup/setup-token';

const config = loadConfig();
console.log(
  `Ersteinrichtung (gültig ${SETUP_TOKEN_HOURS_VALID} h, einmalig): ${setupUrl(config.publicUrl, createSetupToken(config.appSecret))}`,
);
