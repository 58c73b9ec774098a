// Renders a component as the app does (the firm's Mantine theme and styles, a fresh query cache) in the
// component tests' browser, whose /api is the real test server (component-server.ts).
import '../src/app/mantine-styles.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import type { Role } from '@crm/domain';
import { BrandedMantine } from '../src/app/branded-mantine.tsx';
import { answer, server } from '../src/lib/api-client.ts';
import { createQueryClient } from '../src/lib/query-client.ts';

export function renderInApp(ui: ReactNode) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <BrandedMantine>{ui}</BrandedMantine>
    </QueryClientProvider>,
  );
}

/** Signs the browser in as the role's demo user (the server's demo data), through the typed client. */
export async function signInAs(role: Role) {
  await answer(
    server.POST('/api/auth/sign-in', { body: { email: `${role}@example.com`, password: 'Demo-Password-1!' } }),
  );
}
