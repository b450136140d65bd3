import net from 'node:net';

export interface PausableProxy {
  /** host:port to connect to instead of the target. */
  readonly host: string;
  readonly port: number;
  /** Bytes stop flowing both ways, on open and new connections (a black-holed network: no reset, no answer). */
  pause(): void;
  /** Delivers what was held back and forwards again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a server (PostgreSQL in the fault tests) that can stop answering without closing
 * anything, the way a dead route or a frozen database host looks to the app.
 */
export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  let paused = false;
  const held: { to: net.Socket; chunk: Buffer }[] = [];
  const sockets = new Set<net.Socket>();

  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (paused) held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };

  const server = net.createServer((downstream) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(downstream, upstream);
    forward(upstream, downstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
