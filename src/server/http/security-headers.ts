import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type Directives = Record<string, string[]>;

/** The CSP of every page; only the widget page widens `frame-ancestors` (see allowFramingBy). */
function policyDirectives(https: boolean): Directives {
  return {
    defaultSrc: ["'self'"],
    // 'wasm-unsafe-eval' lets the door check-in compile its barcode reader (WebAssembly, served from here;
    // docs/product/organizer-day.md#check-in); it allows no JavaScript eval.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
    // Toast and dialog libraries inject <style> at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
    // 'self': the settings card's preview of the booking widget (docs/product/widget.md#snippet)
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

const FRAMEABLE = 'x-ticketshop-frameable';

/** CSP without inline scripts; HSTS only when the public URL is https (issue 2). */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const https = publicUrl.startsWith('https://');
  const standard = secureHeaders({
    contentSecurityPolicy: policyDirectives(https),
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    // the camera only for this origin's own pages: the door check-in scans tickets with it
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    // a handler may relax a header for its response (public files set a cross-origin CORP)
    overwrite: false,
  });
  return async (c, next) => {
    await standard(c, next);
    // the widget page names its framers in its CSP; X-Frame-Options knows no list, so it goes
    if (c.res.headers.has(FRAMEABLE)) {
      c.res.headers.delete(FRAMEABLE);
      c.res.headers.delete('X-Frame-Options');
    }
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * Lets the pages of `ancestors` frame this response: the same CSP as every page but for `frame-ancestors`, and
 * no X-Frame-Options (docs/product/widget.md#frame-ancestors). Only the widget page calls it; every other
 * page keeps `frame-ancestors 'none'`.
 */
export function allowFramingBy(c: Context, ancestors: string[], publicUrl: string): void {
  const directives = { ...policyDirectives(publicUrl.startsWith('https://')), frameAncestors: ancestors };
  const policy = Object.entries(directives)
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join('; ');
  c.header('Content-Security-Policy', policy);
  // a host page with COEP may embed it too
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header(FRAMEABLE, '1');
}
