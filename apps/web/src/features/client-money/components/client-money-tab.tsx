// The 'Client money' section as the record panels place it under the Services tab: only for roles with
// finance:view (the permission matrix the server applies), its code loaded when first shown.
import { Suspense } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { ClientMoneySectionProps } from './client-money-section.tsx';

const section = lazyWithPreload(() => import('./client-money-section.tsx').then((m) => m.ClientMoneySection));

export function ClientMoneyTab(props: ClientMoneySectionProps) {
  const { can } = useAuthorization();
  if (!can('finance:view')) return null;
  const Section = section.Component;
  return (
    <Suspense fallback={<PageLoader label="Loading client money..." />}>
      <Section {...props} />
    </Suspense>
  );
}
