import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Where the instance is in its life: not yet serving, serving, or shutting down (decision 033). */
export type ReadinessState = 'starting' | 'ready' | 'draining';

/** What `GET /api/health/ready` reads (routes/health.ts); main.ts hands it over as `AppDeps.readiness`. */
export interface Readiness {
  readonly state: ReadinessState;
}

/** How the drain of the HTTP server went, for the shutdown log. */
export interface DrainResult {
  /** Requests received since the start. */
  requests: number;
  /** Requests in progress when the drain began. */
  inFlightAtStart: number;
  /** Requests still unanswered when the grace ran out; their connections were closed. */
  cut: number;
  /** Whether the grace ran out. */
  forced: boolean;
}

/**
 * A connection accepted just before the drain that has not sent its request yet (the bytes are usually
 * on the way) gets this long to send it; one that sends nothing is then closed (a browser's preconnect).
 */
export const FIRST_REQUEST_WAIT_MS = 1000;

interface Connection {
  /** Requests answered (or given up) on this connection. */
  served: number;
  /** Responses in progress. */
  active: Set<ServerResponse>;
}

/**
 * The readiness of this instance and the graceful stop of its HTTP server (decision 033,
 * docs/architecture.md#layers-and-folders). `attach` follows every connection and request of a node:http
 * server; `drain` stops accepting connections, lets the requests in flight finish, answers requests that
 * still arrive on open connections with `Connection: close`, closes idle keep-alive connections, and after
 * the grace closes whatever is left.
 *
 * Node's `server.close()` is not used as it is: since Node 19 it also destroys every connection that has no
 * request in progress, which includes a connection accepted a moment ago whose request has not been read yet,
 * so the client's request would be reset after it was sent. Here only the listener is closed at once.
 */
export class HttpLifecycle implements Readiness {
  private current: ReadinessState = 'starting';
  private server: Server | undefined;
  private readonly connections = new Map<Socket, Connection>();
  private received = 0;
  private draining: Promise<DrainResult> | undefined;

  get state(): ReadinessState {
    return this.current;
  }

  /** Requests in progress right now. */
  get inFlight(): number {
    let count = 0;
    for (const connection of this.connections.values()) count += connection.active.size;
    return count;
  }

  /** Open connections right now (idle keep-alive ones included). */
  get openConnections(): number {
    return this.connections.size;
  }

  /** Follows the server's connections and requests; call before it listens. */
  attach(server: Server): void {
    this.server = server;
    server.on('connection', (socket: Socket) => {
      const connection: Connection = { served: 0, active: new Set() };
      this.connections.set(socket, connection);
      socket.once('close', () => this.connections.delete(socket));
      if (this.current === 'draining') this.closeWhenIdle(socket, connection, FIRST_REQUEST_WAIT_MS);
    });
    // First in line, before the app's handler writes anything: a request that arrives while draining is
    // answered with `Connection: close`, so the client does not send another one on this connection.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      this.received++;
      const connection = this.connections.get(req.socket);
      if (this.current === 'draining') res.setHeader('Connection', 'close');
      if (!connection) return;
      connection.active.add(res);
      res.once('close', () => {
        connection.active.delete(res);
        connection.served++;
        // Node closes a `Connection: close` connection itself; a response whose headers went out before the
        // drain (a live seat stream) left its connection open for the next request, so close it here.
        if (this.current === 'draining') setImmediate(() => this.closeWhenIdle(req.socket, connection, 0));
      });
    });
  }

  /** The start-up is done: `/api/health/ready` answers 200 from now on. */
  markReady(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  /**
   * Stops accepting connections and waits for the requests in flight, at most `graceMs`; then closes the
   * connections that are left. Resolves when every connection is closed; calling it again returns that drain.
   */
  drain(graceMs: number): Promise<DrainResult> {
    this.draining ??= this.runDrain(graceMs);
    return this.draining;
  }

  private runDrain(graceMs: number): Promise<DrainResult> {
    this.current = 'draining';
    const server = this.server;
    const inFlightAtStart = this.inFlight;
    if (!server) return Promise.resolve({ requests: 0, inFlightAtStart, cut: 0, forced: false });
    return new Promise<DrainResult>((resolve) => {
      let forced = false;
      let cut = 0;
      const graceTimer = setTimeout(() => {
        forced = true;
        cut = this.inFlight;
        for (const socket of this.connections.keys()) socket.destroy();
      }, graceMs);
      // The listener only: the connections are handled below (see the class comment). The callback comes once
      // the listener is closed and the last connection has ended.
      NetServer.prototype.close.call(server, () => {
        clearTimeout(graceTimer);
        resolve({ requests: this.received, inFlightAtStart, cut, forced });
      });
      for (const [socket, connection] of this.connections) {
        for (const res of connection.active) {
          if (!res.headersSent) res.setHeader('Connection', 'close');
        }
        this.closeWhenIdle(socket, connection, Math.min(FIRST_REQUEST_WAIT_MS, graceMs));
      }
    });
  }

  /**
   * Closes a connection that has no request in progress: a kept-alive one at once (clients expect an idle
   * connection to be closed at any time and open a new one); one that has not sent a byte yet after
   * `firstRequestWaitMs`. One whose first request is arriving stays: it is answered with `Connection: close`.
   */
  private closeWhenIdle(socket: Socket, connection: Connection, firstRequestWaitMs: number): void {
    if (connection.active.size > 0 || socket.destroyed) return;
    if (connection.served > 0) return endConnection(socket);
    if (socket.bytesRead > 0) return;
    if (firstRequestWaitMs <= 0) return endConnection(socket);
    const timer = setTimeout(() => {
      if (connection.active.size === 0 && connection.served === 0 && socket.bytesRead === 0) {
        endConnection(socket);
      }
    }, firstRequestWaitMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  }
}

/** Ends the connection once what was written to it is sent (the server's sockets are half-open capable). */
function endConnection(socket: Socket): void {
  if (socket.writableEnded) return; // Node is closing it already (`Connection: close`)
  socket.end(() => socket.destroy());
}
