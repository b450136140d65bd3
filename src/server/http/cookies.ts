import type { Context } from 'hono';

/** Passes the cookies better-auth set on its own response (`returnHeaders`) on to ours. */
export function copyCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}
