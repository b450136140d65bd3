import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ticketshop-config-'));

describe('loadConfig', () => {
  it('runs on embedded defaults with no variables set', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.production).toBe(false);
    // the generated secret is kept, so sessions survive a restart
    expect(config.appSecret).toBe(readFileSync(path.join(dir, 'app-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(config.appSecret);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'kein-url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'vielleicht' }, 'SEED_DEMO'],
    [{ APP_SECRET: 'kurz' }, 'APP_SECRET'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: 'bald' }, 'DATABASE_CONNECT_TIMEOUT_MS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ SHUTDOWN_GRACE_SECONDS: 'bald' }, 'SHUTDOWN_GRACE_SECONDS'],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, 'SHUTDOWN_GRACE_SECONDS'],
    [{ RECONCILE_INTERVAL_SECONDS: '0' }, 'RECONCILE_INTERVAL_SECONDS'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });

  it('refuses production without APP_SECRET, PUBLIC_URL and SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET, PUBLIC_URL, SMTP_URL/);
  });

  it('never seeds demo data in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://tickets.example.org',
      SMTP_URL: 'smtp://mail.example.org:587',
      SEED_DEMO: 'true',
    });
    expect(config.seedDemo).toBe(false);
  });

  it('bounds every wait for the database: 5 s to connect, 10 s per statement, unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databaseTimeouts).toEqual({
      connectMs: 5000,
      statementMs: 10_000,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_CONNECT_TIMEOUT_MS: '800',
      DATABASE_STATEMENT_TIMEOUT_MS: '2500',
    });
    expect(set.databaseTimeouts).toEqual({ connectMs: 800, statementMs: 2500 });
  });

  it('keeps at most 20 connections to PostgreSQL unless DATABASE_POOL_MAX says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databasePoolMax).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_MAX: '8' }).databasePoolMax).toBe(8);
  });

  it('waits 10 s for requests in flight at SIGTERM unless SHUTDOWN_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '30' }).shutdownGraceSeconds).toBe(30);
  });

  it('reconciles open payments once a minute unless RECONCILE_INTERVAL_SECONDS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).reconcileIntervalSeconds).toBe(60);
    expect(
      loadConfig({ DATA_DIR: dataDir(), RECONCILE_INTERVAL_SECONDS: '2' }).reconcileIntervalSeconds,
    ).toBe(2);
  });

  it('refuses S3 variables without S3_BUCKET (more in test/storage/s3-config.test.ts)', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'https://s3.example.com' })).toThrow(
      /S3_BUCKET fehlt/,
    );
  });
});
