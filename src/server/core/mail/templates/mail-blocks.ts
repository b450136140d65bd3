import { markup, safeUrl, type SafeHtml } from './safe-html';

// The web app's design tokens (src/web/styles), so mails look like the shop in both themes.
export const COLORS = {
  light: {
    background: '#fbf8f3',
    card: '#ffffff',
    text: '#1d2530',
    muted: '#55606e',
    border: '#e2dbcf',
    link: '#2f6f5e',
    codeBackground: '#f1ece3',
  },
  dark: {
    background: '#0b1222',
    card: '#121b2e',
    text: '#e8ecf2',
    muted: '#a9b3c2',
    border: '#26324a',
    link: '#7cc4ad',
    codeBackground: '#1a2438',
  },
  button: { background: '#2f6f5e', text: '#ffffff' },
} as const;

export const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MONO = "'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace";

export const heading = (text: string) =>
  markup`<h1 style="margin:0 0 16px 0;font-family:${FONT};font-size:22px;line-height:1.3;font-weight:700;">${text}</h1>`;

export const paragraph = (content: string | SafeHtml) => markup`<p style="margin:0 0 16px 0;">${content}</p>`;

export const note = (content: string | SafeHtml) =>
  markup`<p class="mail-muted" style="margin:24px 0 0 0;font-size:14px;line-height:1.5;color:${COLORS.light.muted};">${content}</p>`;

export const link = (url: string, label = url) =>
  markup`<a class="mail-link" href="${safeUrl(url)}" style="color:${COLORS.light.link};word-break:break-all;">${label}</a>`;

/** A table-cell button: renders as a real button in Outlook too, and the whole area is clickable elsewhere. */
export const button = (url: string, label: string) =>
  markup`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td align="center" bgcolor="${COLORS.button.background}" style="border-radius:8px;background-color:${COLORS.button.background};">
<a href="${safeUrl(url)}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:700;line-height:1.2;color:${COLORS.button.text};text-decoration:none;border-radius:8px;">${label}</a>
</td></tr></table>`;

/**
 * The one-time code, large and in a monospace font. Spacing comes from letter-spacing, not from spaces,
 * so copying it yields exactly the digits the input field expects.
 */
export const codeBox = (code: string) =>
  markup`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td class="mail-code" style="padding:16px 16px 16px 24px;border:1px solid ${COLORS.light.border};border-radius:10px;background-color:${COLORS.light.codeBackground};font-family:${MONO};font-size:34px;line-height:1.2;font-weight:700;letter-spacing:8px;color:${COLORS.light.text};user-select:all;-webkit-user-select:all;">${code}</td>
</tr></table>`;

/** "Button doesn't work?" fallback: the address to paste, as the mail's plain text would show it. */
export const urlFallback = (url: string) =>
  note(markup`Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:<br>${link(url)}`);
