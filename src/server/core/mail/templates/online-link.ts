import { ONLINE_LINK_TEXTS } from '@shared/online-link';
import { link, paragraph } from './mail-blocks';
import { markup, type SafeHtml } from './safe-html';

/**
 * The access link of an online event as every mail shows it (confirmation, new link, reminder). Only for
 * holders of an active ticket: callers pass deliveredOnlineUrl's answer (docs/decisions/019-online-links.md).
 */
export function onlineLinkBlock(url: string): { html: SafeHtml; text: string } {
  return {
    html: paragraph(markup`<strong>${ONLINE_LINK_TEXTS.label}:</strong> ${link(url)}`),
    text: `${ONLINE_LINK_TEXTS.label}: ${url}`,
  };
}
