import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '@server/config';

// The SDK's one-time notice that its releases from 2027 need Node 22 says nothing about the tests.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver's built-in account (node_modules/s3rver/lib/models/account.js). */
const ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables pointing the app at this server (for createTestApp / loadConfig). */
  env: Record<string, string>;
  /** The same as a parsed config, for the adapter on its own. */
  config: S3Config;
  /** Stops the server (an outage from then on); safe to call twice. */
  stop(): Promise<void>;
  /** Stops the server and removes its files. */
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process on a free port of 127.0.0.1, with one empty bucket in a temp
 * folder (docs/decisions/029-s3-storage.md): no network beyond this machine. Close it in afterAll.
 */
export async function startLocalS3(bucket = 'ticketshop-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ticketshop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    config: {
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
      publicUrl: undefined,
    },
    stop,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
