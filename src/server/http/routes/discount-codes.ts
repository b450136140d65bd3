import { Hono } from 'hono';
import { z } from 'zod';
import {
  DISCOUNT_CODES_CSV,
  discountCodeActiveSchema,
  discountCodeCheckSchema,
  discountCodeInputSchema,
} from '@shared/discount-code-schemas';
import { checkDiscountCode } from '../../core/discount-codes/check-discount-code';
import { deleteDiscountCode } from '../../core/discount-codes/delete-discount-code';
import { discountCodeFormOptions } from '../../core/discount-codes/discount-code-options';
import { discountCodesCsv } from '../../core/discount-codes/export-discount-codes';
import { listDiscountCodes } from '../../core/discount-codes/list-discount-codes';
import {
  createDiscountCode,
  setDiscountCodeActive,
  updateDiscountCode,
} from '../../core/discount-codes/save-discount-code';
import { allow } from '../access';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../context';
import { validBody, validInput } from '../validation';

const idSchema = z.uuid('Diesen Gutscheincode gibt es nicht.');

// 'Gutscheincodes' in the back office (docs/product/ticket-categories.md#codes). Admins only.
export const adminDiscountCodeRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ codes: await listDiscountCodes(c.get('deps').database.db) });
  })
  .get('/options', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await discountCodeFormOptions(c.get('deps').database.db));
  })
  .get('/export.csv', allow('admin'), async (c) => {
    const csv = await discountCodesCsv(c.get('deps').database.db);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${DISCOUNT_CODES_CSV}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(csv);
  })
  .post('/', allow('admin'), async (c) => {
    const values = validBody(c, discountCodeInputSchema);
    return c.json(await createDiscountCode(c.get('deps').database.db, values), 201);
  })
  .put('/:id', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    const values = validBody(c, discountCodeInputSchema);
    return c.json(await updateDiscountCode(c.get('deps').database.db, id, values));
  })
  .put('/:id/active', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    const { active } = validBody(c, discountCodeActiveSchema);
    return c.json(await setDiscountCodeActive(c.get('deps').database.db, id, active));
  })
  .delete('/:id', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    await deleteDiscountCode(c.get('deps').database.db, id);
    return c.json({ ok: true });
  });

// The checkout's 'Einlösen': anyone may ask, limited per client (core/discount-codes/check-discount-code.ts).
export const discountCodeRoutes = new Hono<AppEnv>().post('/check', allow('public'), async (c) => {
  const { eventId, code } = validBody(c, discountCodeCheckSchema);
  const { database, config } = c.get('deps');
  c.header('Cache-Control', 'no-store');
  return c.json(
    await checkDiscountCode(database.db, {
      eventId,
      code,
      clientIp: clientIp(c),
      clientLimit: config.authClientLimit,
      now: new Date(),
    }),
  );
});
