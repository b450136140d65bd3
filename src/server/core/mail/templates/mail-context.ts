import { DEFAULT_SUPPORT_EMAIL, type AppSettings } from '@shared/settings';
import type { Config } from '../../../config';

/** What every mail needs to look like the shop and point back to it. */
export interface MailContext {
  siteName: string;
  /** Absolute URL: mail clients cannot resolve relative ones. */
  logoUrl: string;
  supportEmail: string;
  /** Without a trailing slash. */
  publicUrl: string;
}

/** Subject, plain-text and HTML body of one mail; the caller adds `to` and hands it to enqueueMail. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function mailContextFrom(settings: AppSettings, config: Pick<Config, 'publicUrl'>): MailContext {
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  return {
    siteName: settings.brand.siteName,
    // The uploaded logo is preferred: many mail clients (Gmail, Outlook) do not show SVG, and /logo.svg is one.
    logoUrl: absoluteUrl(settings.brand.logoLightUrl, publicUrl) ?? `${publicUrl}/logo.svg`,
    supportEmail: settings.supportEmail || settings.brand.contactEmail || DEFAULT_SUPPORT_EMAIL,
    publicUrl,
  };
}

function absoluteUrl(value: string, base: string): string | undefined {
  if (!value.trim()) return undefined;
  try {
    const url = new URL(value, `${base}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
