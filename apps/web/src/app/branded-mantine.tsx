// Mantine with the firm's branding: the theme follows the branding query, so a change an administrator
// saves reaches every open screen (both themes) through the settings change event.
import { MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useBranding } from './branding.ts';
import { readStyleNonce } from './csp-nonce.ts';
import { createAppTheme, cssVariablesResolver } from './theme.ts';

const styleNonce = readStyleNonce();

export function BrandedMantine({ children }: { children: ReactNode }) {
  const branding = useBranding();
  const key = branding ? `${branding.palette.join()}${branding.mutedText}` : '';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names everything the theme reads
  const theme = useMemo(() => createAppTheme(branding), [key]);
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
      // All of Mantine's CSS variables come from here, default ones included (app/mantine-styles.ts).
      deduplicateCssVariables={false}
      getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}
    >
      {children}
    </MantineProvider>
  );
}
