import { customType } from 'drizzle-orm/pg-core';

/**
 * Bytes kept in a row (a generated PDF kept so every download is the same bytes). node-postgres hands back a
 * Buffer, PGlite a plain Uint8Array, whose toString('base64') is a list of numbers: a kept PDF attached to a
 * mail from the embedded database came out broken. Reads are Buffers on both.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
