export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme';
// The browser's theme colour per resolved theme (docs/product/site.md#theme).
export const THEME_COLOR = { dark: '#0b1222', light: '#ffffff' } as const;

export const THEME_LABELS: Record<ThemeChoice, string> = { light: 'Hell', dark: 'Dunkel', system: 'System' };

export function parseThemeChoice(value: string | null): ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
