import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * Answers with `Connection: close` when the answer is ready before the request's body has arrived whole: a
 * 413 refused by Content-Length or at the limit while streaming, a 401 or 403 before an upload was read
 * (docs/decisions/046). The rest of such a body is still on its way, and @hono/node-server stops draining it
 * after 500 ms and closes the socket; a `keep-alive` answer would make the client send its next request on a
 * connection about to close. With `close` the client opens a new one, and Node ends this one after the
 * answer. Requests whose body was read (or that had none) keep their connection.
 */
export const closeAfterUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming;
  // `complete` is false until the parser has seen the body's last byte; app.request() in tests has none
  if (incoming?.complete === false) c.header('Connection', 'close');
};
