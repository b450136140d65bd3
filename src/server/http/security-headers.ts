import { secureHeaders } from 'hono/secure-headers';

/** CSP without inline scripts; HSTS only when the public URL is https (issue 2). */
export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith('https://');
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the door check-in compile its barcode reader (WebAssembly, served from here;
      // docs/product/organizer-day.md#check-in); it allows no JavaScript eval.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
      // Toast and dialog libraries inject <style> at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
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
}
