import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type net from 'node:net';
import { type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeatEventStreams } from '@server/adapters/seat-feed/seat-event-streams';
import { SeatFeed } from '@server/adapters/seat-feed/seat-feed';
import { SeatChangeNotifier } from '@server/core/events/seat-change-notifier';
import type { Db } from '@server/db/types';
import { FIRST_REQUEST_WAIT_MS, HttpLifecycle, type DrainResult } from '@server/http/http-lifecycle';
import pino from 'pino';
import { createLogger, logsWritten } from '@server/logger';
import { createShutdown, REPEATED_SIGNAL_MS, SHUTDOWN_BACKSTOP_MS } from '@server/shutdown';
import { connect, readUntilClosed } from '../helpers/raw-socket';

// The graceful stop of one instance (decision 033), in-process: HttpLifecycle on a real node:http server from
// @hono/node-server (as main.ts makes it), and the order of createShutdown's steps. The real server under
// SIGTERM is test/faults/graceful-restart.test.ts.

/** Resolves once `condition` holds, checking on every turn of the event loop (bounded). */
async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface Harness {
  port: number;
  lifecycle: HttpLifecycle;
  /** Requests to GET /slow that have reached the handler. */
  slowEntered: () => number;
  /** Lets every waiting GET /slow answer. */
  releaseSlow: () => void;
  /** Ends the body of every open GET /stream. */
  endStreams: () => void;
  server: http.Server;
  /** The server's side of every connection. */
  sockets: net.Socket[];
}

let open: Harness | undefined;
afterEach(async () => {
  open?.releaseSlow();
  open?.endStreams();
  if (open?.server.listening) await new Promise((resolve) => open!.server.close(resolve));
  open = undefined;
});

async function startHarness(): Promise<Harness> {
  let entered = 0;
  let release!: () => void;
  let released = new Promise<void>((resolve) => (release = resolve));
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const app = new Hono()
    .get('/fast', (c) => c.text('ok'))
    .get('/slow', async (c) => {
      entered++;
      await released;
      return c.text('done');
    })
    .get('/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          streams.add(controller);
          controller.enqueue(new TextEncoder().encode('data: eins\n\n'));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
  const lifecycle = new HttpLifecycle();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  lifecycle.attach(server);
  const sockets: net.Socket[] = [];
  server.on('connection', (socket: net.Socket) => sockets.push(socket));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  lifecycle.markReady();
  open = {
    port: (server.address() as AddressInfo).port,
    lifecycle,
    server,
    sockets,
    slowEntered: () => entered,
    releaseSlow: () => {
      release();
      released = new Promise<void>((resolve) => (release = resolve));
    },
    endStreams: () => {
      for (const controller of streams) controller.close();
      streams.clear();
    },
  };
  return open;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('HttpLifecycle', () => {
  it('is starting until the server listens, ready then, draining from drain()', async () => {
    const lifecycle = new HttpLifecycle();
    expect(lifecycle.state).toBe('starting');
    lifecycle.markReady();
    expect(lifecycle.state).toBe('ready');
    const result = await lifecycle.drain(1000); // no server attached: nothing to wait for
    expect(lifecycle.state).toBe('draining');
    expect(result).toMatchObject({ cut: 0, forced: false });
    lifecycle.markReady();
    expect(lifecycle.state).toBe('draining');
  });

  it('lets a request in flight finish with Connection: close while new connections are refused', async () => {
    const h = await startHarness();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const slow = get(h.port, '/slow', agent);
    await until(() => h.slowEntered() === 1, 'the slow request');

    const drained = h.lifecycle.drain(30_000);
    expect(h.lifecycle.state).toBe('draining');
    await expect(connect(h.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    h.releaseSlow();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done' });
    const result: DrainResult = await drained;
    expect(result).toMatchObject({ inFlightAtStart: 1, cut: 0, forced: false, requests: 1 });
    expect(h.lifecycle.openConnections).toBe(0);
    agent.destroy();
  });

  it('closes idle keep-alive connections at once', async () => {
    const h = await startHarness();
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(h.port, '/fast', agent)).connection).toBe('keep-alive');
    expect(h.lifecycle.openConnections).toBe(1);
    const result = await h.lifecycle.drain(30_000);
    expect(result).toMatchObject({ cut: 0, forced: false });
    agent.destroy();
  });

  it('answers a request arriving on an open connection while draining, with Connection: close', async () => {
    const h = await startHarness();
    const socket = await connect(h.port);
    const received = readUntilClosed(socket);
    // The request line and a header before the drain, the end of the headers after it.
    socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await until(() => h.sockets.some((s) => s.bytesRead > 0), 'the first bytes at the server');
    const drained = h.lifecycle.drain(30_000);
    socket.write('\r\n');
    const text = await received;
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toMatch(/\r\n\r\nok$/);
    expect(await drained).toMatchObject({ cut: 0, forced: false });
  });

  it('closes a connection that sent nothing after a short wait for its first request', async () => {
    const h = await startHarness();
    const socket = await connect(h.port);
    const closed = readUntilClosed(socket);
    await until(() => h.lifecycle.openConnections === 1, 'the connection');
    const result = await h.lifecycle.drain(30_000);
    expect(await closed).toBe('');
    expect(result).toMatchObject({ cut: 0, forced: false });
    expect(FIRST_REQUEST_WAIT_MS).toBeLessThan(30_000);
  });

  it('closes the connection of a stream whose headers went out before the drain once it ends', async () => {
    const h = await startHarness();
    const socket = await connect(h.port);
    const received = readUntilClosed(socket);
    socket.write('GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => h.lifecycle.inFlight === 1, 'the stream');
    const drained = h.lifecycle.drain(30_000);
    h.endStreams(); // in the server, stopping the seat feed ends the live seat streams
    expect(await received).toContain('data: eins');
    expect(await drained).toMatchObject({ inFlightAtStart: 1, cut: 0, forced: false });
  });

  it('closes what is left when the grace is over, and says how many requests it cut', async () => {
    const h = await startHarness();
    const slow = get(h.port, '/slow').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await until(() => h.slowEntered() === 1, 'the slow request');
    const result = await h.lifecycle.drain(200);
    expect(result).toMatchObject({ inFlightAtStart: 1, cut: 1, forced: true });
    expect(await slow).toBe('ECONNRESET');
  });
});

function memoryLogger() {
  const lines: { msg: string; [key: string]: unknown }[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, messages: () => lines.map((line) => line.msg) };
}

describe('createShutdown', () => {
  afterEach(() => vi.useRealTimers());

  function deferred<T>() {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('drains while the feed and jobs stop, then runs the remaining steps in order and exits 0', async () => {
    const { logger, messages } = memoryLogger();
    const order: string[] = [];
    const drain = deferred<DrainResult>();
    const exited = deferred<number>();
    const shutdown = createShutdown({
      http: {
        drain: () => {
          order.push('drain');
          return drain.promise;
        },
        inFlight: 2,
        openConnections: 3,
      },
      logger,
      graceMs: 10_000,
      alongsideDrain: [
        { done: 'seat feed stopped', run: async () => void order.push('feed') },
        { done: 'jobs stopped', run: async () => void order.push('jobs') },
      ],
      afterDrain: [
        { done: 'seat changes announced', run: async () => void order.push('flush') },
        { done: 'database closed', run: async () => void order.push('database') },
      ],
      exit: (code) => exited.resolve(code),
    });
    shutdown('SIGTERM');
    await until(() => order.length === 3, 'the steps alongside the drain');
    expect(order).toEqual(['drain', 'feed', 'jobs']);
    drain.resolve({ requests: 7, inFlightAtStart: 2, cut: 0, forced: false });
    expect(await exited.promise).toBe(0);
    expect(order).toEqual(['drain', 'feed', 'jobs', 'flush', 'database']);
    expect(messages()).toEqual([
      'shutting down: not accepting connections, finishing requests in flight',
      'seat feed stopped',
      'jobs stopped',
      'requests finished',
      'seat changes announced',
      'database closed',
      'shutdown complete',
    ]);
  });

  it('exits only once the log destination has written the last lines', async () => {
    // a destination with a write under way, as pino's SonicBoom is while the previous lines go out
    const lines: string[] = [];
    const destination = Object.assign(new EventEmitter(), {
      _writing: true,
      write: (line: string) => void lines.push(JSON.parse(line).msg as string),
    });
    const logger = createLogger('info', destination);
    let exitCode: number | undefined;
    const shutdown = createShutdown({
      http: {
        drain: async () => ({ requests: 0, inFlightAtStart: 0, cut: 0, forced: false }),
        inFlight: 0,
        openConnections: 0,
      },
      logger,
      graceMs: 1000,
      alongsideDrain: [],
      afterDrain: [{ done: 'database closed', run: async () => undefined }],
      exit: (code) => void (exitCode = code),
    });
    shutdown('SIGTERM');
    await until(() => lines.includes('shutdown complete'), 'the last line');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exitCode, 'exited while the destination was still writing').toBeUndefined();
    destination._writing = false;
    destination.emit('drain');
    await until(() => exitCode !== undefined, 'the exit after the drain');
    expect(exitCode).toBe(0);
  });

  it('logsWritten waits for pino’s own asynchronous destination to write everything', async () => {
    const file = path.join(tmpdir(), `logs-written-${process.pid}-${Date.now()}.log`);
    const destination = pino.destination({ dest: file, sync: false });
    await new Promise((resolve) => destination.once('ready', resolve));
    const logger = createLogger('info', destination);
    for (let line = 0; line < 200; line++) logger.info({ line }, 'a line');
    logger.info('the last line');
    await logsWritten(logger, 10_000);
    const written = readFileSync(file, 'utf8').trim().split('\n');
    expect(written).toHaveLength(201);
    expect(JSON.parse(written.at(-1)!)).toMatchObject({ msg: 'the last line' });
    destination.end();
  });

  it('logs the cut requests when the grace ran out, and still exits 0', async () => {
    const { logger, lines } = memoryLogger();
    const exited = deferred<number>();
    const shutdown = createShutdown({
      http: {
        drain: async () => ({ requests: 3, inFlightAtStart: 1, cut: 1, forced: true }),
        inFlight: 1,
        openConnections: 1,
      },
      logger,
      graceMs: 1000,
      alongsideDrain: [],
      afterDrain: [{ done: 'database closed', run: async () => undefined }],
      exit: (code) => exited.resolve(code),
    });
    shutdown('SIGTERM');
    expect(await exited.promise).toBe(0);
    expect(lines.find((line) => line.msg.startsWith('grace of 1 s over'))).toMatchObject({ cut: 1 });
  });

  it('exits at once with 1 on a second signal', () => {
    const { logger, messages } = memoryLogger();
    const codes: number[] = [];
    const shutdown = createShutdown({
      http: { drain: () => new Promise<DrainResult>(() => undefined), inFlight: 1, openConnections: 1 },
      logger,
      graceMs: 10_000,
      alongsideDrain: [],
      afterDrain: [],
      exit: (code) => void codes.push(code),
    });
    vi.useFakeTimers();
    shutdown('SIGTERM');
    shutdown('SIGINT');
    expect(codes).toEqual([1]);
    expect(messages()).toContain('second signal: exiting at once');
  });

  // docs/decisions/046: Ctrl+C under `npm start` reaches the server from the terminal and from npm.
  it('takes the same signal again within a second as the first delivered twice', () => {
    vi.useFakeTimers();
    const { logger, messages } = memoryLogger();
    const codes: number[] = [];
    const shutdown = createShutdown({
      http: { drain: () => new Promise<DrainResult>(() => undefined), inFlight: 1, openConnections: 1 },
      logger,
      graceMs: 10_000,
      alongsideDrain: [],
      afterDrain: [],
      exit: (code) => void codes.push(code),
    });
    shutdown('SIGINT');
    vi.advanceTimersByTime(REPEATED_SIGNAL_MS - 1);
    shutdown('SIGINT');
    expect(codes).toEqual([]);
    expect(messages()).toContain('same signal again at once: already shutting down');
    vi.advanceTimersByTime(1);
    shutdown('SIGINT'); // pressed again: the person means it
    expect(codes).toEqual([1]);
  });

  it('exits with 1 when the steps after the grace do not finish', async () => {
    vi.useFakeTimers();
    const { logger, messages } = memoryLogger();
    const codes: number[] = [];
    const shutdown = createShutdown({
      http: {
        drain: async () => ({ requests: 1, inFlightAtStart: 0, cut: 0, forced: false }),
        inFlight: 0,
        openConnections: 0,
      },
      logger,
      graceMs: 1000,
      alongsideDrain: [],
      afterDrain: [{ done: 'database closed', run: () => new Promise<void>(() => undefined) }],
      exit: (code) => void codes.push(code),
    });
    shutdown('SIGTERM');
    await vi.advanceTimersByTimeAsync(1000 + SHUTDOWN_BACKSTOP_MS - 1);
    expect(codes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(codes).toEqual([1]);
    expect(messages()).toContain('shutdown did not finish after the grace; exiting');
  });
});

describe('what the shutdown stops', () => {
  it('ends a live seat stream opened after the feed stopped at once', async () => {
    const feed = new SeatFeed(
      { start: async () => undefined, stop: async () => undefined },
      createLogger('silent'),
    );
    await feed.start();
    await feed.stop();
    const opened = new SeatEventStreams(feed).open('203.0.113.7', { includeHidden: false });
    if (!('body' in opened)) throw new Error(`refused: ${opened.refused}`);
    const text = await new Response(opened.body).text();
    expect(text).toContain('retry:');
    expect(feed.watcherCount).toBe(0);
  });

  it('sends the seat announcement still waiting in its window when flushed', async () => {
    const statements: unknown[] = [];
    const db = { execute: async (statement: unknown) => void statements.push(statement) } as unknown as Db;
    const notifier = new SeatChangeNotifier(db, createLogger('silent'), 60_000);
    notifier.touch('event-1'); // sent at once, opens the window
    notifier.touch('event-1'); // waits for the window's end
    await notifier.flush();
    expect(statements).toHaveLength(2);
    notifier.touch('event-1'); // the window was closed by the flush: sent at once again
    await notifier.flush();
    expect(statements).toHaveLength(3);
  });
});
