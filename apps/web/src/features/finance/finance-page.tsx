// /finance: Finance and Sales (spec 3 §2). Tabs Invoices, Receipts & Credits, Templates and Services (the
// default), the tab in the URL (?tab=) and in the browser tab's title. Services is the Services Overview;
// Invoices the invoices with their payments; Receipts & Credits the receipts, credit notes and refunds;
// Templates the invoice templates and, under 'Receipt Management', the same Receipts & Credits lists. The
// page and everything under it load only when /finance is opened (lazy route).
import { Tabs } from '@mantine/core';
import { IconFileInvoice, IconReceipt, IconReceipt2, IconTemplate } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { loadInvoicesTab, loadTemplatesTab } from '../invoices/lazy.ts';
import { ServicesOverview } from './components/services-overview.tsx';
import {
  DEFAULT_FINANCE_TAB,
  FINANCE_TABS,
  type FinanceSearch,
  financeSearchSchema,
  type FinanceTab,
} from './finance-search.ts';

// The Invoices tab, its dialogs and their forms load when the tab is first opened.
const InvoicesTab = lazy(() => loadInvoicesTab().then((component) => ({ default: component })));

const TemplatesTab = lazy(() => loadTemplatesTab().then((component) => ({ default: component })));

// The receipts, credit notes and refunds, in their tab and inside Templates.
const ReceiptsAndCredits = lazy(() =>
  import('./components/receipts-and-credits.tsx').then((m) => ({ default: m.ReceiptsAndCredits })),
);

const TAB_LABELS: Record<FinanceTab, string> = {
  invoices: 'Invoices',
  receipts: 'Receipts & Credits',
  templates: 'Templates',
  services: 'Services',
};
const TAB_ICONS: Record<FinanceTab, ReactNode> = {
  invoices: <IconFileInvoice size={16} />,
  receipts: <IconReceipt2 size={16} />,
  templates: <IconTemplate size={16} />,
  services: <IconReceipt size={16} />,
};

export function FinancePage() {
  const navigate = useNavigate();
  // The route is declared with the shared page helper (no validateSearch): the raw params are read here
  // through this page's own schema, which drops anything it does not know.
  const search = financeSearchSchema.parse(useSearch({ strict: false }));
  const setSearch = (patch: Partial<FinanceSearch>, options: { replace?: boolean } = {}) =>
    void navigate({
      to: '/finance',
      search: { ...search, ...patch } as Record<string, unknown>,
      replace: options.replace,
    });
  const tab = search.tab ?? DEFAULT_FINANCE_TAB;
  // 'Receipts & Credits · Finance and Sales · Visa CRM'; the default tab is the page itself.
  useDocumentTitle(tab === DEFAULT_FINANCE_TAB ? pageName('/finance') : `${TAB_LABELS[tab]} · ${pageName('/finance')}`);

  return (
    <>
      <PageHeader title="Finance and Sales" subtitle="Manage invoices, financial documents, and track services" />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(next) => setSearch({ tab: next === DEFAULT_FINANCE_TAB ? undefined : (next as FinanceTab) })}
      >
        <Tabs.List mb="md">
          {FINANCE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} leftSection={TAB_ICONS[value]}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="invoices">
          <Suspense fallback={<PageLoader label="Loading invoices..." />}>
            <InvoicesTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="receipts">
          <Suspense fallback={<PageLoader label="Loading receipts..." />}>
            <ReceiptsAndCredits
              title="Receipts & Credits"
              subtitle="Receipts of payments, credit and adjustment notes, and refunds"
              order={2}
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <Suspense fallback={<PageLoader label="Loading templates..." />}>
            <TemplatesTab
              receiptManagement={
                <Suspense fallback={<PageLoader label="Loading receipts..." />}>
                  <ReceiptsAndCredits title="Receipt Management" order={3} />
                </Suspense>
              }
            />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="services">
          <ServicesOverview search={search} setSearch={setSearch} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
