import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in a row (a generated PDF kept so every download is the same bytes). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
