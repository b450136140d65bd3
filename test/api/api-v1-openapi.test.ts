import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_V1_ROUTES } from '@server/http/routes/api-v1/api-v1-routes';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { newApiKey, v1 } from '../helpers/api-keys';
import { signedInUser } from '../helpers/tickets';

// The OpenAPI document (docs/product/api.md#docs): generated from the routes' own schemas, it lists every
// route the app serves under /api/v1, and real answers validate against it.

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; 'x-scope': string }>>;
  components: { schemas: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
let key: string;
let ajv: Ajv2020;
const DOC_ID = 'https://ticketshop.test/api/v1/openapi.json';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t, 'admin');
  key = (await newApiKey(t, admin.cookie, ['read', 'write', 'check_in'])).secret;
  const res = await t.app.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });
});
afterAll(() => t.close());

/** JSON pointer escaping of one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Validates `body` against the document's schema of that route's answer with `status`. */
function expectValid(path: string, method: string, status: number, body: unknown) {
  const ref = `${DOC_ID}#/paths/${pointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.compile({ $ref: ref });
  const valid = validate(body);
  expect(valid, `${method.toUpperCase()} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('the document', () => {
  it('is OpenAPI 3.1 and needs no key', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Event', 'Booking', 'Ticket', 'Participant', 'Category', 'Error']),
    );
  });

  it('lists every route the app serves under /api/v1, with its scope', () => {
    const served = t.app.routes
      .filter((route) => route.path.startsWith('/api/v1/') && route.method !== 'ALL')
      .map(
        (route) =>
          `${route.method.toLowerCase()} ${route.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`,
      )
      .filter((route) => !['get /openapi.json', 'get /docs'].includes(route));
    const unique = [...new Set(served)];
    expect(unique.length).toBe(API_V1_ROUTES.length);
    for (const route of unique) {
      const [method, path] = route.split(' ') as [string, string];
      expect(doc.paths[path]?.[method], route).toBeDefined();
    }
    for (const route of API_V1_ROUTES) {
      const operation = doc.paths[route.path]![route.method]!;
      expect(operation['x-scope']).toBe(route.scope);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    }
  });
});

describe('real answers validate against the document', () => {
  it('every route’s success and an error', async () => {
    const event = await createEvent(t.database.db, { title: 'Schema-Workshop' });
    const buyer = await createUser(t.database.db, {});
    const booked = await createBooking(t.database.db, { event, profileId: buyer.user.id, quantity: 3 });
    const [first, second] = booked.tickets;
    const ids: Record<string, string> = {
      '/events/{id}': event.id,
      '/events/{id}/categories': event.id,
      '/events/{id}/participants': event.id,
      '/events/{id}/check-ins': event.id,
      '/bookings/{id}': booked.booking.id,
      '/tickets/{id}': first!.id,
      '/tickets/{id}/cancel': second!.id,
    };
    const bodies: Record<string, unknown> = {
      '/events/{id}/check-ins': { ticket_id: first!.id },
      '/tickets/{id}/cancel': { reason: 'Test' },
    };
    for (const route of API_V1_ROUTES) {
      const path = route.path.replace('{id}', ids[route.path] ?? '');
      const res = await v1(t, `${path}${route.method === 'get' ? '?limit=2' : ''}`, key, {
        method: route.method.toUpperCase(),
        body: bodies[route.path],
      });
      expect(res.status, `${route.method} ${path}: ${await res.clone().text()}`).toBe(200);
      const body = (await res.json()) as { data?: unknown[] };
      if (body.data) expect(body.data.length, route.path).toBeGreaterThan(0);
      expectValid(route.path, route.method, 200, body);
    }
    // and the check has teeth: an answer without a field, or with one the document does not name, fails
    const event1 = (await (await v1(t, `/events/${event.id}`, key)).json()) as Record<string, unknown>;
    const ref = `${DOC_ID}#/components/schemas/Event`;
    expect(ajv.validate({ $ref: ref }, event1)).toBe(true);
    expect(ajv.validate({ $ref: ref }, { ...event1, title: undefined })).toBe(false);
    expect(ajv.validate({ $ref: ref }, { ...event1, secret: 'x' })).toBe(false);
    const missing = await v1(t, `/events/${crypto.randomUUID()}`, key);
    expectValid('/events/{id}', 'get', 404, await missing.json());
    const unauthorized = await v1(t, '/events', null);
    expectValid('/events', 'get', 401, await unauthorized.json());
  });
});

describe('the docs page', () => {
  it('shows every route, server-rendered, without scripts', async () => {
    const res = await t.app.request('/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).not.toMatch(/<script/i);
    for (const route of API_V1_ROUTES) {
      expect(html).toContain(`/api/v1${route.path}`);
      expect(html).toContain(route.summary);
    }
    expect(html).toContain('href="openapi.json"');
  });
});
