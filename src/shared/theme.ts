export type ThemeChoice = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme';
// spec visitor §4 'Theme': browser theme colour per resolved theme.
export const THEME_COLOR = { dark: '#0b1222', light: '#ffffff' } as const;

export const THEME_LABELS: Record<ThemeChoice, string> = { light: 'Hell', dark: 'Dunkel', system: 'System' };

export function parseThemeChoice(value: string | null): ThemeChoice {
  return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
