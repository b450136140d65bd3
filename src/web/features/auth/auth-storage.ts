import { safeRedirectTarget } from '@shared/session';
import { readStorage, writeStorage } from '@web/lib/storage';

// Session storage keys: auth_redirect, auth_email, auth_magic_handled.
export const rememberRedirect = (target: string | undefined) =>
  writeStorage('session', 'auth_redirect', target ? safeRedirectTarget(target, '') || null : null);
export const storedRedirect = () => safeRedirectTarget(readStorage('session', 'auth_redirect'));
export const rememberEmail = (email: string) => writeStorage('session', 'auth_email', email);
export const storedEmail = () => readStorage('session', 'auth_email') ?? '';
export const clearAuthStorage = () => {
  writeStorage('session', 'auth_redirect', null);
  writeStorage('session', 'auth_email', null);
};

/**
 * Set while a fresh sign-in navigates away: the sign-in pages must not run their own "already signed in"
 * redirect when the new session lands in the cache before the (lazily loaded) target page has rendered.
 */
let completingSignIn = false;
export const isCompletingSignIn = () => completingSignIn;
export const setCompletingSignIn = (value: boolean) => {
  completingSignIn = value;
};
