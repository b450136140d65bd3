import { Hono } from 'hono';
import { mailPreviewSchema, mailRuleInputSchema } from '@shared/mail-rules';
import { mailSignatureOf } from '../../core/event-mails/mail-signature';
import {
  createMailRule,
  deleteMailRule,
  listMailRules,
  mailRuleLog,
  previewEventMail,
  updateMailRule,
} from '../../core/event-mails/mail-rules-admin';
import { mailContextOf } from '../../core/use-case-deps';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

// The admin's scheduled mails (docs/product/event-mails.md#mail-rules).
export const mailRuleRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listMailRules(c.get('deps').database.db, c.req.query('eventId') || undefined));
  })
  .post('/preview', allow('admin'), async (c) => {
    const input = validBody(c, mailPreviewSchema);
    const deps = c.get('deps');
    const signature = mailSignatureOf(await deps.settings.get());
    return c.json(
      await previewEventMail(deps.database.db, input, { mail: await mailContextOf(deps), signature }),
    );
  })
  .post('/', allow('admin'), async (c) => {
    const input = validBody(c, mailRuleInputSchema);
    return c.json(await createMailRule(c.get('deps').database.db, input), 201);
  })
  .put('/:id', allow('admin'), async (c) => {
    const input = validBody(c, mailRuleInputSchema);
    return c.json(await updateMailRule(c.get('deps').database.db, c.req.param('id'), input));
  })
  .delete('/:id', allow('admin'), async (c) => {
    return c.json(await deleteMailRule(c.get('deps').database.db, c.req.param('id')));
  })
  .get('/:id/log', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await mailRuleLog(c.get('deps').database.db, c.req.param('id')));
  });
