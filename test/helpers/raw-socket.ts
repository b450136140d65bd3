import net from 'node:net';

/** Connects, or rejects with the connect error (ECONNREFUSED once the listener is closed). */
export function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection. */
export function readUntilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve(text));
  });
}

/** What arrived on a raw connection: the bytes so far and whether the server closed it. */
export interface RawConnection {
  socket: net.Socket;
  received(): string;
  closed(): boolean;
  /** Resolves once `condition` holds for what arrived, or rejects after `timeoutMs` with what did. */
  until(condition: (text: string, closed: boolean) => boolean, timeoutMs?: number): Promise<string>;
}

/** Connects and records everything the server sends (latin1, so byte counts stay byte counts). */
export async function openRaw(port: number): Promise<RawConnection> {
  const socket = await connect(port);
  let text = '';
  let closed = false;
  const watchers = new Set<() => void>();
  const notify = () => watchers.forEach((watcher) => watcher());
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    text += chunk;
    notify();
  });
  socket.on('error', () => undefined); // writing into a closed connection: what counts is what arrived
  socket.once('close', () => {
    closed = true;
    notify();
  });
  return {
    socket,
    received: () => text,
    closed: () => closed,
    until: (condition, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!condition(text, closed)) return;
          stop();
          resolve(text);
        };
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`timed out after ${timeoutMs} ms; closed: ${closed}; received:\n${text}`));
        }, timeoutMs);
        const stop = () => {
          clearTimeout(timer);
          watchers.delete(check);
        };
        watchers.add(check);
        check();
      }),
  };
}

/** The status lines and `Connection` headers of the HTTP/1.1 answers in `text`, in order. */
export function answersIn(text: string): { status: number; connection: string | undefined }[] {
  return text
    .split(/(?=HTTP\/1\.1 \d{3} )/)
    .filter((part) => part.startsWith('HTTP/1.1 '))
    .map((part) => {
      const head = part.split('\r\n\r\n')[0]!;
      return {
        status: Number(head.slice(9, 12)),
        connection: /^connection: *(.+)$/im.exec(head)?.[1]?.trim().toLowerCase(),
      };
    });
}
