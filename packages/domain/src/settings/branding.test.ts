import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, DEFAULT_PRIMARY_COLOR, mutedTextColour } from './branding.ts';

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('the brand palette', () => {
  it('keeps the hand-tuned slate for the default colour', () => {
    const { palette, primaryShade } = brandPalette(DEFAULT_PRIMARY_COLOR);
    expect(palette[9]).toBe('#0f172a');
    expect(primaryShade).toEqual({ light: 9, dark: 3 });
  });

  it('uses the chosen colour itself in the light theme when it reads on white', () => {
    const { palette, primaryShade } = brandPalette('#1D4ED8');
    expect(palette[primaryShade.light]).toBe('#1d4ed8');
  });

  test.prop([hexColour])('gives ten shades, lightest first, and readable primaries in both themes', (colour) => {
    const { palette, primaryShade } = brandPalette(colour);
    expect(palette).toHaveLength(10);
    expect(contrastRatio(palette[primaryShade.light]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette[primaryShade.dark]!, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
  });

  test.prop([hexColour])('darkens a secondary colour until it reads as text on white', (colour) => {
    expect(contrastRatio(mutedTextColour(colour), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
