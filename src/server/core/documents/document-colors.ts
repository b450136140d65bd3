/** The colours of the ticket and invoice documents (PDF and PNG): ink on white, one accent, one alert. */
export const COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  accent: '#0f766e',
  rule: '#d1d5db',
  alert: '#b91c1c',
} as const;
