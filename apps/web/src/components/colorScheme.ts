/**
 * Dark mode (issue 20): the app follows the system's light or dark setting unless the user picks one in
 * Settings. Mantine keeps the choice ('auto', 'light', 'dark') in local storage under its own key; a browser
 * that never chose starts on 'auto'.
 */
import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';

/** Mantine's local-storage key of the colour scheme. */
export const COLOR_SCHEME_KEY = 'mantine-color-scheme-value';
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const satisfies readonly MantineColorScheme[];

export function isColorScheme(v: unknown): v is MantineColorScheme {
  return typeof v === 'string' && (COLOR_SCHEMES as readonly string[]).includes(v);
}

/** Mounted once at the root: with no stored choice, the system setting is followed. */
export function useSystemColorSchemeByDefault(): void {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(COLOR_SCHEME_KEY);
    } catch {
      stored = null;
    }
    if (!isColorScheme(stored)) setColorScheme('auto');
  }, [setColorScheme]);
}
