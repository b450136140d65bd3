// The booking widget's stored settings (docs/product/widget.md#allowed-sites). Free of zod like
// shared/settings.ts, which reads it on every page's first download; the schema is in widget.ts.

/** The sites allowed to embed the widget: origins as `https://example.org` (scheme, host, port if any). */
export interface WidgetSettings {
  allowedOrigins: string[];
}

export const DEFAULT_WIDGET_SETTINGS: WidgetSettings = { allowedOrigins: [] };
