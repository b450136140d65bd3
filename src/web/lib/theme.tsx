import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  parseThemeChoice,
  resolveTheme,
  THEME_COLOR,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from '@shared/theme';
import { useClientValue } from './client-value';
import { readComfort, writeComfort } from './storage';

interface ThemeContextValue {
  choice: ThemeChoice;
  resolved: 'light' | 'dark';
  setChoice: (choice: ThemeChoice) => void;
}

/** What the provider shares: only what changes by the visitor's hand, never by hydration. */
interface ThemeState {
  chosen: ThemeChoice | null;
  setChoice: (choice: ThemeChoice) => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';
// jsdom has no matchMedia: there the system counts as light.
const hasMatchMedia = () => typeof window.matchMedia === 'function';

// on this device with consent, else for this tab only (lib/storage.ts)
const readStoredChoice = () => parseThemeChoice(readComfort(THEME_STORAGE_KEY));
const readSystemDark = () => hasMatchMedia() && window.matchMedia(DARK_QUERY).matches;

// 'System' follows the operating system live (docs/product/site.md#theme).
function subscribeSystemDark(onChange: () => void) {
  if (!hasMatchMedia()) return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function applyTheme(resolved: 'light' | 'dark') {
  // the booking widget follows its host page, not the visitor's choice here (docs/product/widget.md#theme)
  if (document.documentElement.hasAttribute('data-forced-theme')) return;
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[resolved]);
}

/**
 * The theme: the stored choice and the system's preference are only known in the browser, so a
 * server-rendered page hydrates with 'system' and light, then takes the browser's values
 * (docs/architecture.md#server-rendering). Each `useTheme` reads them itself: the provider's value changes only
 * when the visitor chooses, so taking the browser's values is no context change that would reach the parts of
 * the page still waiting for their code (lib/lazy-part.tsx).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  // The choice made in this tab; kept here as well because storage may be off (private mode).
  const [chosen, setChosen] = useState<ThemeChoice | null>(null);
  const systemDark = useClientValue(readSystemDark, false, subscribeSystemDark);

  // From the browser's values, never from the defaults the hydrating render shows: public/theme-init.js set
  // the class before the first paint, and a server default here would flash the light theme.
  useEffect(() => {
    applyTheme(resolveTheme(chosen ?? readStoredChoice(), readSystemDark()));
  }, [chosen, systemDark]);

  const setChoice = useCallback((next: ThemeChoice) => {
    writeComfort(THEME_STORAGE_KEY, next);
    setChosen(next);
  }, []);

  const value = useMemo(() => ({ chosen, setChoice }), [chosen, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme outside ThemeProvider');
  const storedChoice = useClientValue(readStoredChoice, 'system');
  const systemDark = useClientValue(readSystemDark, false, subscribeSystemDark);
  const choice = state.chosen ?? storedChoice;
  return { choice, resolved: resolveTheme(choice, systemDark), setChoice: state.setChoice };
}
