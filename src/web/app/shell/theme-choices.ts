import { Monitor, Moon, Sun } from 'lucide-react';
import type { ThemeChoice } from '@shared/theme';

/** The theme choices in the order both theme switches show them (docs/product/site.md#theme). */
export const THEME_CHOICES: ThemeChoice[] = ['light', 'dark', 'system'];
export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
