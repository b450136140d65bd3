import type { RateLimitRule } from '../auth/rate-limit';

// Sign-ups send mail to addresses typed by anyone: three per address in an hour (enough for "where is the
// mail?" twice), and thirty per client in ten minutes (an office behind one address). The links carry long
// random or signed tokens; the per-client limit on them only stops noise
// (docs/product/accounts-and-consent.md#newsletter-double-opt-in).

export const subscribeLimits = (email: string, clientIp: string): RateLimitRule[] => [
  { key: `newsletter:email:${email}`, max: 3, windowSeconds: 3600 },
  { key: `newsletter:client:${clientIp}`, max: 30, windowSeconds: 600 },
];

/** The confirmation and unsubscribe links. */
export const linkLimits = (clientIp: string): RateLimitRule[] => [
  { key: `newsletter-link:client:${clientIp}`, max: 60, windowSeconds: 600 },
];
