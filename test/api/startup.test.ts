import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEntry } from '../helpers/server-entry';

describe('server start', () => {
  it('stops with a message naming DATABASE_URL when the database cannot be reached', () => {
    const result = spawnSync(process.execPath, serverEntry('main'), {
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ticketshop-start-')),
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).toContain('nicht erreichbar');
  });
});
