import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
      getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          {/* Toasts show one at a time (spec 1 §8), each for 6 s: Mantine's 4 s is short for the
              longer messages (a duplicate names the record and its table); hovering keeps one open. */}
          <Notifications position="top-right" limit={1} autoClose={6000} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
