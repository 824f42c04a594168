import { useCallback, useEffect, useState } from 'react';

/** localStorage key of the theme chosen with the header toggle; without it the system setting rules. */
export const THEME_STORAGE_KEY = 'webhook-manager-theme';

export type Theme = 'light' | 'dark';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function readStoredTheme(): Theme | null {
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

/** The theme in force: the one chosen in the console, else the system's. */
export function resolveTheme(): Theme {
  return readStoredTheme() ?? (darkQuery().matches ? 'dark' : 'light');
}

/** Puts the `dark` class on <html> (Tailwind's `dark:` variant and the dark palette follow it). */
export function applyTheme(theme: Theme = resolveTheme()) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

/** The theme and a toggle that persists the choice; follows system changes while nothing was chosen. */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(resolveTheme);

  useEffect(() => {
    const query = darkQuery();
    const onSystemChange = () => {
      if (readStoredTheme()) return;
      const next = resolveTheme();
      applyTheme(next);
      setTheme(next);
    };
    query.addEventListener('change', onSystemChange);
    return () => query.removeEventListener('change', onSystemChange);
  }, []);

  const toggleTheme = useCallback(() => {
    const next: Theme = resolveTheme() === 'dark' ? 'light' : 'dark';
    localStorage.setItem(THEME_STORAGE_KEY, next);
    applyTheme(next);
    setTheme(next);
  }, []);

  return { theme, toggleTheme };
}
