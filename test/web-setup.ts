// The components' tests run in a VM context per file (vite.config.ts, project 'web'): its jsdom global has no
// web streams, which the page code reads responses with (the bank statement's progress lines). Node's are
// what the tests saw before, from the worker's own global.
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

const scope = globalThis as Record<string, unknown>;
scope.ReadableStream ??= ReadableStream;
scope.WritableStream ??= WritableStream;
scope.TransformStream ??= TransformStream;
