import { Hono } from 'hono';
import { z } from 'zod';
import { eventPolicySchema, policyInputSchema, ruleInputSchema } from '@shared/cancellation-policies';
import { assignEventPolicy, listPolicyEvents } from '../../core/policies/assign-event-policy';
import { listPolicies } from '../../core/policies/list-policies';
import { createPolicy, updatePolicy } from '../../core/policies/save-policy';
import { createRule, deleteRule, updateRule } from '../../core/policies/save-rule';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { validBody, validInput } from '../validation';

const idSchema = z.uuid('Unbekannte ID.');

// The cancellation policies card: policies, rules, events (docs/product/admin.md#policies-screen). Admins
// only. Mounted by admin-settings.ts under /api/admin/settings.
export const adminPolicyRoutes = new Hono<AppEnv>()
  .get('/policies', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listPolicies(c.get('deps').database.db));
  })
  .post('/policies', allow('admin'), async (c) => c.json(await createPolicy(c.get('deps').database.db), 201))
  .patch('/policies/:id', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    const input = validBody(c, policyInputSchema);
    return c.json(await updatePolicy(c.get('deps').database.db, id, input));
  })
  .post('/policies/:id/rules', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    const input = validBody(c, ruleInputSchema);
    return c.json(await createRule(c.get('deps').database.db, id, input), 201);
  })
  .patch('/rules/:id', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    const input = validBody(c, ruleInputSchema);
    return c.json(await updateRule(c.get('deps').database.db, id, input));
  })
  .delete('/rules/:id', allow('admin'), async (c) => {
    const id = validInput(idSchema, c.req.param('id'));
    await deleteRule(c.get('deps').database.db, id);
    return c.json({ ok: true });
  })
  .get('/policy-events', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listPolicyEvents(c.get('deps').database.db));
  })
  .put('/policy-events/:eventId', allow('admin'), async (c) => {
    const eventId = validInput(idSchema, c.req.param('eventId'));
    const { policyId } = validBody(c, eventPolicySchema);
    return c.json(await assignEventPolicy(c.get('deps').database.db, { eventId, policyId }));
  });
