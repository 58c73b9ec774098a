// How a status badge looks, decided once here so that one status looks the same in every list, card and panel.

/**
 * A Mantine badge's colour and variant. `color` is a theme colour ('red.9', 'gray') or a CSS colour;
 * without one the badge takes the theme's primary colour, whose text colour follows the theme.
 */
export type BadgeLook = { color?: string; variant: 'filled' | 'default' };

/** Deep shades under white text: each keeps 4.5:1 contrast or more in both themes. */
export const BADGE_COLOURS = {
  green: '#15803d',
  red: '#b91c1c',
  orange: '#c2410c',
  amber: '#a16207',
  grey: '#4b5563',
  blue: '#1d4ed8',
  slate: '#334155',
} as const;

export const filledBadge = (color: string): BadgeLook => ({ color, variant: 'filled' });
