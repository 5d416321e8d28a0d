import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { i18next } from './i18n';

/**
 * The app's theme (issue 20). Colours meet WCAG 2 AA contrast (4.5:1 for text) in the light scheme: every
 * colour's text, outline and filled shade is its darkest one (9), with darker 9s for the palettes whose
 * stock 9 is too light (teal, green, orange, yellow, lime) and a darker grey for dimmed text. The dark scheme
 * keeps Mantine's lighter shades for text on dark backgrounds, with a lighter dimmed grey (dark-2).
 */
function withShades(
  name: keyof typeof DEFAULT_THEME.colors,
  shades: Partial<Record<number, string>>,
): MantineColorsTuple {
  const base = [...(DEFAULT_THEME.colors[name] ?? [])];
  for (const [i, v] of Object.entries(shades)) base[Number(i)] = v!;
  return base as unknown as MantineColorsTuple;
}

/** A label read at render time, so it follows the interface language (Mantine spreads these props then). */
function liveLabel(key: string): { readonly 'aria-label': string } {
  return {
    get 'aria-label'() {
      return i18next.t(key);
    },
  };
}

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 9, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans TC", sans-serif',
  defaultRadius: 'md',
  colors: {
    gray: withShades('gray', { 6: '#5f666d' }),
    // dimmed text in the dark scheme (dark-2) on the dark body and cards
    dark: withShades('dark', { 2: '#a6a6a6' }),
    teal: withShades('teal', { 9: '#0a6b4e' }),
    green: withShades('green', { 9: '#237032' }),
    orange: withShades('orange', { 9: '#b03a0a' }),
    yellow: withShades('yellow', { 9: '#8f5b00' }),
    lime: withShades('lime', { 9: '#4a730b' }),
  },
  // Plain default-props objects, not `Modal.extend(…)`: extend only types the object, and importing Modal and
  // Drawer here put both into the landing page's bundle.
  components: {
    // Links are told apart from the text around them by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Icon-only close buttons get a name in the interface language.
    Modal: { defaultProps: { closeButtonProps: liveLabel('a11y.close') } },
    Drawer: { defaultProps: { closeButtonProps: liveLabel('a11y.close') } },
    // A spinner is a status: its aria-label ('Loading…') is allowed and read (on a plain span it is not, axe
    // aria-prohibited-attr), and one without a label stays valid (a status needs no name).
    Loader: { defaultProps: { role: 'status' } },
  },
});

/**
 * Light buttons keep AA contrast under the pointer: Mantine's light-variant hover is shade 2, on which the
 * shade-9 text measures 4.01:1 for blue (axe color-contrast, found on the Bluetooth update step that opens under
 * the pointer); the hover is shade 0 instead, lighter than the resting shade 1, so it still shows.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: Object.fromEntries(
    Object.keys(t.colors).map((name) => [
      `--mantine-color-${name}-light-hover`,
      `var(--mantine-color-${name}-0)`,
    ]),
  ),
  dark: {},
});
