import './app/mantine-styles.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppNotifications } from './app/app-notifications.tsx';
import { BrandedMantine } from './app/branded-mantine.tsx';
import { readStyleNonce, shareStyleNonce } from './app/csp-nonce.ts';
import { createAppRouter } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
shareStyleNonce(readStyleNonce());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>
        <AppNotifications />
        <RouterProvider router={router} />
      </BrandedMantine>
    </QueryClientProvider>
  </StrictMode>,
);
