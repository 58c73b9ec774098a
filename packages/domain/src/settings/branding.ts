// Branding (spec 3 "Branding settings"; issue 15 item 2): the company name, primary and secondary colour
// and logo, applied across the app. The Mantine palette is generated here from the chosen colour, with the
// shade each theme uses picked for readable contrast (WCAG AA, 4.5:1): the server sends the palette with
// the page, so the browser builds no colours of its own.
import { z } from 'zod';

const hex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB');

export const brandingInputSchema = z.object({
  companyName: z.string().trim().min(1, 'Company name is required').max(120),
  primaryColor: hex,
  secondaryColor: hex,
});
export type BrandingInput = z.infer<typeof brandingInputSchema>;

export const brandingViewSchema = brandingInputSchema.extend({
  /** '/api/settings/branding/logo?v=…' or null: the logo is public (the sign-in page shows it). */
  logoUrl: z.string().nullable(),
  /** Ten shades, lightest first (Mantine's colour tuple). */
  palette: z.array(z.string()).length(10),
  /** Which shade is the primary in each theme. */
  primaryShade: z.object({ light: z.number().int().min(0).max(9), dark: z.number().int().min(0).max(9) }),
  /** The secondary colour as the light theme's muted text: darkened until it reads on white. */
  mutedText: z.string(),
});
export type BrandingView = z.infer<typeof brandingViewSchema>;

export const BRANDING_SETTINGS_KEY = 'branding_settings';

/** The spec's defaults (DECISIONS.md §5): slate, with the hand-tuned slate palette. */
export const DEFAULT_PRIMARY_COLOR = '#0F172A';
export const DEFAULT_SECONDARY_COLOR = '#64748B';
const SLATE = [
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

type Rgb = [number, number, number];

const toRgb = (color: string): Rgb => {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance(color: string): number {
  const [r, g, b] = toRgb(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function toHsl(color: string): [number, number, number] {
  const [r, g, b] = toRgb(color).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  if (s === 0) return toHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return toHex([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]);
}

/** Lightness of each shade, lightest first (close to Tailwind's scales). */
const LIGHTNESS = [0.97, 0.93, 0.86, 0.77, 0.66, 0.55, 0.45, 0.36, 0.27, 0.18];
/** The light theme's page (white) and the dark theme's cards (Mantine's dark-6): what text must read on. */
const LIGHT_BACKGROUND = '#ffffff';
const DARK_BACKGROUND = '#2e2e2e';
const AA = 4.5;

/**
 * The palette of a colour and the shade each theme uses: the chosen colour takes the place of the shade
 * nearest its lightness; the light theme uses it, or the nearest darker shade that reads on white; the
 * dark theme the darkest shade that reads on its cards.
 */
export function brandPalette(primary: string): { palette: string[]; primaryShade: { light: number; dark: number } } {
  const color = primary.toLowerCase();
  if (color === DEFAULT_PRIMARY_COLOR.toLowerCase()) return { palette: SLATE, primaryShade: { light: 9, dark: 3 } };
  const [h, s, l] = toHsl(color);
  const palette = LIGHTNESS.map((lightness) => fromHsl(h, Math.min(s, lightness > 0.9 ? 0.9 : 1), lightness));
  let chosen = 0;
  for (let i = 0; i < LIGHTNESS.length; i++) {
    if (Math.abs(LIGHTNESS[i]! - l) < Math.abs(LIGHTNESS[chosen]! - l)) chosen = i;
  }
  palette[chosen] = color;
  let light = chosen;
  while (light < 9 && contrastRatio(palette[light]!, LIGHT_BACKGROUND) < AA) light++;
  let dark = 0;
  for (let i = 9; i >= 0; i--) {
    if (contrastRatio(palette[i]!, DARK_BACKGROUND) >= AA) {
      dark = i;
      break;
    }
  }
  return { palette, primaryShade: { light, dark } };
}

/** The secondary colour as muted text on white: itself when it reads (4.5:1), else darkened until it does. */
export function mutedTextColour(secondary: string): string {
  const [h, s, l] = toHsl(secondary.toLowerCase());
  let lightness = l;
  let color = secondary.toLowerCase();
  while (contrastRatio(color, LIGHT_BACKGROUND) < AA && lightness > 0) {
    lightness = Math.max(0, lightness - 0.02);
    color = fromHsl(h, s, lightness);
  }
  return color;
}
