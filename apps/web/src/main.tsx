import './app/mantine-styles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppNotifications } from './app/app-notifications.tsx';
import { readStyleNonce, shareStyleNonce } from './app/csp-nonce.ts';
import { createAppRouter } from './app/router.tsx';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const styleNonce = readStyleNonce();
shareStyleNonce(styleNonce);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
      // All of Mantine's CSS variables come from here, default ones included (app/mantine-styles.ts).
      deduplicateCssVariables={false}
      getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}
    >
      <QueryClientProvider client={queryClient}>
        <AppNotifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
