// PUT /api/admin/settings/widget: card 'Auf deiner Website einbinden' (docs/product/widget.md#allowed-sites). Its
// own module: zod stays out of the widget page, which reads only src/shared/widget.ts.
import { z } from 'zod';
import { MAX_WIDGET_ORIGINS, normalizeOrigin, WIDGET_MESSAGES } from './widget';
import type { WidgetSettings } from './widget-settings';

/** 'Auf deiner Website einbinden': the allowed sites, each normalised, no duplicates. */
export const widgetSettingsSchema = z
  .object({
    allowedOrigins: z
      .array(z.string().max(300, WIDGET_MESSAGES.origin), { error: WIDGET_MESSAGES.origin })
      .max(MAX_WIDGET_ORIGINS, WIDGET_MESSAGES.tooMany),
  })
  .transform((value, ctx) => {
    const origins: string[] = [];
    value.allowedOrigins.forEach((text, index) => {
      const result = normalizeOrigin(text);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', path: ['allowedOrigins', index], message: result.error });
      } else if (origins.includes(result.origin)) {
        ctx.addIssue({ code: 'custom', path: ['allowedOrigins', index], message: WIDGET_MESSAGES.duplicate });
      } else origins.push(result.origin);
    });
    return { allowedOrigins: origins } satisfies WidgetSettings;
  });
