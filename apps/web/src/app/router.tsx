// The route table of spec 1 §2.1. Every signed-in page sits under the shell, which redirects a
// signed-out visit to /auth and back; each page is guarded by its module as the matrix says.
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { type Module, PAGES } from '@crm/domain';
import { PageLoader } from '../components/page-loader.tsx';
import { AccessDeniedPage, NotFoundPage } from '../components/status-pages.tsx';
import { sessionQueryOptions } from '../features/auth/api/session.ts';
import { displaySettingQueryOptions } from '../features/settings/api/display-setting.ts';
import { leadsSearchSchema, type LeadsTab } from '../features/leads/leads-search.ts';
import { useAuthorization } from '../lib/authorization.ts';

type RouterContext = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: async ({ context }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session) throw redirect({ to: '/dashboard' });
  },
  component: lazyRouteComponent(() => import('../features/auth/sign-in-page.tsx'), 'SignInPage'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: z.object({ token: z.string().optional() }),
  component: lazyRouteComponent(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
});

// The firm's public enquiry form: no sign-in, no shell (decision 0021).
const enquiryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/enquiry',
  component: lazyRouteComponent(() => import('../features/forms/enquiry-page.tsx'), 'EnquiryPage'),
});

const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    // A temporary or expired password is changed before anything else (the server refuses the rest).
    if (session.user.mustChangePassword && location.pathname !== '/profile') throw redirect({ to: '/profile' });
    // Every date on every page follows the firm's display setting: read it before the first page shows
    // (once; later visits find it cached). Should it fail, the defaults stand in.
    await context.queryClient.prefetchQuery(displaySettingQueryOptions);
  },
  // Lazy, like every page: the sign-in page does not download the shell.
  component: lazyRouteComponent(() => import('./shell/app-layout.tsx'), 'AppLayout'),
  notFoundComponent: NotFoundPage,
});

/** Shows the page only to roles whose module access includes it. */
function guarded(module: Module, title: string, Page: ComponentType) {
  return function GuardedPage() {
    const { canOpen, role } = useAuthorization();
    if (!canOpen(module)) return <AccessDeniedPage role={role} page={title} />;
    return <Page />;
  };
}

const pageTitle = (path: string) => PAGES.find((p) => p.path === path)?.title ?? path;
const moduleOf = (path: string) => PAGES.find((p) => p.path === path)?.module ?? 'dashboard';

const DashboardPage = lazyRouteComponent(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const LeadsClientsPage = lazyRouteComponent(
  () => import('../features/leads/leads-clients-page.tsx'),
  'LeadsClientsPage',
);
const ProfilePage = lazyRouteComponent(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');

function pageRoute<TPath extends string>(
  path: TPath,
  Page: ComponentType,
  module: Module = moduleOf(path),
  title = pageTitle(path),
) {
  return createRoute({ getParentRoute: () => shellRoute, path, component: guarded(module, title, Page) });
}

/** /leads-clients and its two aliases share one page and one search schema; each opens its tab. */
function leadsRoute<TPath extends '/leads-clients' | '/leads' | '/clients'>(
  path: TPath,
  module: Module,
  title: string,
  defaultTab: LeadsTab,
) {
  const route = createRoute({
    getParentRoute: () => shellRoute,
    path,
    validateSearch: leadsSearchSchema,
    component: guarded(module, title, function LeadsRoutePage() {
      return <LeadsClientsPage search={route.useSearch()} defaultTab={defaultTab} />;
    }),
  });
  return route;
}

const shellChildren = [
  pageRoute('/', DashboardPage, 'dashboard', 'Dashboard'),
  pageRoute('/dashboard', DashboardPage),
  pageRoute('/profile', ProfilePage),
  leadsRoute('/leads-clients', moduleOf('/leads-clients'), pageTitle('/leads-clients'), 'leads'),
  leadsRoute('/leads', 'leads', 'Leads', 'leads'),
  leadsRoute('/clients', 'clients', 'Clients', 'clients'),
  pageRoute(
    '/contacts',
    lazyRouteComponent(() => import('../features/contacts/contacts-page.tsx'), 'ContactsPage'),
  ),
  pageRoute(
    '/my-tasks',
    lazyRouteComponent(() => import('../features/tasks/my-tasks-page.tsx'), 'MyTasksPage'),
  ),
  pageRoute(
    '/forms',
    lazyRouteComponent(() => import('../features/forms/forms-page.tsx'), 'FormsPage'),
  ),
  pageRoute(
    '/contracts',
    lazyRouteComponent(() => import('../features/contracts/contracts-page.tsx'), 'ContractsPage'),
  ),
  pageRoute(
    '/timesheet',
    lazyRouteComponent(() => import('../features/timesheets/timesheet-page.tsx'), 'TimesheetPage'),
  ),
  pageRoute(
    '/staffing',
    lazyRouteComponent(() => import('../features/staffing/staffing-page.tsx'), 'StaffingPage'),
  ),
  pageRoute(
    '/finance',
    lazyRouteComponent(() => import('../features/finance/finance-page.tsx'), 'FinancePage'),
  ),
  pageRoute(
    '/admin',
    lazyRouteComponent(() => import('../features/admin/admin-page.tsx'), 'AdminPage'),
  ),
];

const routeTree = rootRoute.addChildren([
  authRoute,
  resetPasswordRoute,
  enquiryRoute,
  shellRoute.addChildren(shellChildren),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPendingComponent: () => <PageLoader />,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
