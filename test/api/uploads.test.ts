import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '@server/adapters/storage/disk-storage';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const root = path.join(uploadsDir(t.config.dataDir), 'logos');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'logo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  writeFileSync(
    path.join(root, 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
  );
});
afterAll(() => t.close());

// docs/decisions/016: logos and covers are embedded in e-mails, which webmail shows from its own origin.
describe('GET /uploads/*', () => {
  it.each([
    ['logo.png', 'image/png'],
    ['logo.svg', 'image/svg+xml'],
  ])('lets other sites embed %s, sandboxed and not sniffed', async (file, contentType) => {
    const res = await t.app.request(`/uploads/logos/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(contentType);
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp.split(';').map((part) => part.trim())).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
  });

  it('keeps the API same-origin', async () => {
    const res = await t.app.request('/api/health');
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  });
});
