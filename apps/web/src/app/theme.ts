// The Mantine theme: the firm's branding (issue 15 item 2) — the palette the server generated from the
// primary colour and the shade each theme uses — or the spec's defaults (primary #0F172A, secondary #64748B).
import type { BrandingView } from '@crm/domain';
import {
  createTheme,
  type CSSVariablesResolver,
  defaultVariantColorsResolver,
  type MantineColorShade,
  type MantineColorsTuple,
  type MantineTheme,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];

/**
 * Filled primary buttons and badges: the primary is dark slate in the light theme and light slate in
 * the dark one, so their text follows the per-scheme contrast variable instead of a fixed white.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const isPrimary = !input.color || input.color === input.theme.primaryColor;
  if (input.variant === 'filled' && isPrimary) return { ...colors, color: 'var(--mantine-primary-color-contrast)' };
  return colors;
};

export const createAppTheme = (branding: BrandingView | undefined) =>
  createTheme({
    variantColorResolver,
    primaryColor: 'brand',
    primaryShade: branding
      ? (branding.primaryShade as { light: MantineColorShade; dark: MantineColorShade })
      : { light: 9, dark: 3 },
    colors: { brand: branding ? (branding.palette as unknown as MantineColorsTuple) : brand },
    // The secondary colour as the light theme's muted text (already made to read on white).
    other: { mutedText: branding?.mutedText ?? '#64748b' },
    autoContrast: true,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      // Mantine's single select clears itself when its chosen option is clicked again, which saved records
      // without the value the user meant to keep. No select does that here: an optional field clears with
      // its explicit clear button (`clearable`), a required one not at all.
      Select: { defaultProps: { allowDeselect: false } },
      Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
      // Mantine's close buttons are icons without a name; axe (and screen readers) need one.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
        // Under a title Mantine writes the message in gray-6 / dark-2 (3.2:1 on a dark toast, axe): the
        // muted text colour instead, which passes AA in both themes.
        styles: (_theme: MantineTheme, props: { title?: unknown }) => ({
          description: props.title ? { color: 'var(--mantine-color-dimmed)' } : {},
        }),
      },
    },
  });

/**
 * Text colours that pass WCAG AA (4.5:1) on the app's backgrounds (DECISIONS.md §5, axe): Mantine's
 * default dimmed grey (#868e96, 3.3:1 on white) and error red (#fa5252) are too light in the light
 * theme; the spec's secondary colour (#64748b, 4.8:1) and a deeper red replace them. In the dark
 * theme the dimmed grey (#828282, 3.5:1 on cards) becomes #a1a1aa (5.9:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  // A placeholder Mantine draws as text (a file input's) reads like muted text, not Mantine's pale grey
  // (#adb5bd, 2.1:1 on white; #696969, 2.5:1 on dark cards).
  light: {
    '--mantine-color-dimmed': String(theme.other.mutedText ?? '#64748b'),
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {
    '--mantine-color-dimmed': '#a1a1aa',
    '--mantine-color-placeholder': 'var(--mantine-color-dimmed)',
    '--mantine-color-error': '#ff6b6b',
    // The dark theme's primary is light slate (#cbd5e1): filled primary buttons and badges take dark text.
    '--mantine-primary-color-contrast': 'var(--mantine-color-black)',
    ...darkColorVariables(theme),
  },
});

/**
 * In the dark theme Mantine 9 writes the light, subtle and outline variants of every colour in its
 * palest shade (red-0, nearly white), and fills with the primary shade (3 here, for the light-slate
 * primary), so a subtle 'Delete' reads white and a filled red is pink. Every colour but the primary
 * keeps its hue instead: shade 4 for text and outlines (red-4 is 6.5:1 on the dark page), shade 9
 * for fills, as in the light theme.
 */
function darkColorVariables(theme: MantineTheme): Record<string, string> {
  const colors = Object.keys(theme.colors).filter((name) => name !== theme.primaryColor);
  return Object.fromEntries(
    colors.flatMap((name) => [
      [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-4)`],
      [`--mantine-color-${name}-outline`, `var(--mantine-color-${name}-4)`],
      [`--mantine-color-${name}-filled`, `var(--mantine-color-${name}-9)`],
      [`--mantine-color-${name}-filled-hover`, `var(--mantine-color-${name}-8)`],
    ]),
  );
}
