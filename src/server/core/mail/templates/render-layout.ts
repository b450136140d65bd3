import { markup, safeUrl, SafeHtml } from './safe-html';
import { COLORS, FONT } from './mail-blocks';

export interface LayoutInput {
  brand: { siteName: string; logoUrl: string };
  supportEmail: string;
  publicUrl: string;
  /** Shown by most clients after the subject in the inbox list; never visible in the mail itself. */
  preheader: string;
  bodyHtml: SafeHtml;
  bodyText: string;
}

// Clients that honour prefers-color-scheme (Apple Mail, Outlook for Mac, some webmail) get the dark
// palette; those that invert colours themselves (Gmail apps, Outlook.com) get light colours with enough
// contrast to survive the inversion. The logo keeps a white plate so a dark logo stays readable.
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-bg { background-color: ${COLORS.dark.background} !important; }
  .mail-card { background-color: ${COLORS.dark.card} !important; border-color: ${COLORS.dark.border} !important; }
  .mail-text { color: ${COLORS.dark.text} !important; }
  .mail-muted { color: ${COLORS.dark.muted} !important; }
  .mail-link { color: ${COLORS.dark.link} !important; }
  .mail-code { background-color: ${COLORS.dark.codeBackground} !important; color: ${COLORS.dark.text} !important; border-color: ${COLORS.dark.border} !important; }
}`;

/** The branded frame of every mail: table layout and inline styles, because that is what mail clients render. */
export function renderLayout(input: LayoutInput): { html: string; text: string } {
  const { brand, supportEmail, publicUrl, preheader, bodyHtml, bodyText } = input;
  const host = publicUrl.replace(/^https?:\/\//, '');
  const page = markup`<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${brand.siteName}</title>
<style>${new SafeHtml(DARK_MODE_CSS)}</style>
</head>
<body class="mail-bg" style="margin:0;padding:0;background-color:${COLORS.light.background};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="mail-bg" style="background-color:${COLORS.light.background};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 0 16px 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="background-color:#ffffff;border-radius:8px;padding:8px 12px;">
<a href="${safeUrl(publicUrl)}" style="text-decoration:none;"><img src="${safeUrl(brand.logoUrl)}" alt="${brand.siteName}" height="40" style="display:block;height:40px;width:auto;max-width:240px;border:0;font-family:${FONT};font-size:20px;font-weight:700;color:#1d2530;"></a>
</td></tr></table>
</td></tr>
<tr><td class="mail-card mail-text" style="background-color:${COLORS.light.card};border:1px solid ${COLORS.light.border};border-radius:12px;padding:32px 28px;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.light.text};">
${bodyHtml}
</td></tr>
<tr><td class="mail-muted" style="padding:20px 8px;font-family:${FONT};font-size:13px;line-height:1.6;color:${COLORS.light.muted};text-align:center;">
${brand.siteName} · <a class="mail-link" href="${safeUrl(publicUrl)}" style="color:${COLORS.light.link};">${host}</a><br>
Fragen? Schreib uns an <a class="mail-link" href="${safeUrl(`mailto:${supportEmail}`)}" style="color:${COLORS.light.link};">${supportEmail}</a>.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    brand.siteName,
    '',
    bodyText.trim(),
    '',
    '--',
    `${brand.siteName} · ${publicUrl}`,
    `Fragen? Schreib uns an ${supportEmail}.`,
  ].join('\n');
  return { html: page.value, text };
}
