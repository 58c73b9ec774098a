// The signed-in shell: collapsible sidebar (icon mode; a drawer below 768 px), header with logo,
// page search and theme menu, the user menu in the sidebar footer, and the live-update banner.
import { ActionIcon, Alert, AppShell, Burger, Group, Kbd, Overlay, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconGauge,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSearch,
  IconWifiOff,
} from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { LogoMark } from '../../components/logo-mark.tsx';
import { companyNameOf, useBranding } from '../branding.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLiveUpdates } from '../../lib/live-updates.ts';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import { useSession } from '../../features/auth/api/session.ts';
import { SessionExpiredDialog } from '../../features/auth/components/session-expired-dialog.tsx';
import { TaskReminders } from '../../features/tasks/components/task-reminders.tsx';
import { SLOW_CONNECTION_MESSAGE, useSlowConnection } from '../../lib/connectivity.ts';
import { useSessionExpired } from '../../lib/session-expiry.ts';
import classes from './app-layout.module.css';
import { GlobalSearch } from './global-search.tsx';
import { openGlobalSearch } from './global-search-store.ts';
import { readSidebarExpanded, writeSidebarExpanded } from './sidebar-state.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppLayout() {
  const isMobile = usePhoneLayout();
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { data: session } = useSession();
  const companyName = companyNameOf(useBranding());

  const toggleSidebar = useCallback(() => {
    if (isMobile) {
      setMobileOpen((o) => !o);
      return;
    }
    setExpanded((e) => {
      writeSidebarExpanded(!e);
      return !e;
    });
  }, [isMobile]);
  useHotkeys([['mod+B', toggleSidebar]], []);

  // Esc closes the phone's navigation drawer (even from a link inside it) and gives the burger
  // its focus back, as a dialog would.
  const burgerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMobileOpen(false);
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen]);

  const onRestored = useCallback(() => notifications.show({ color: 'green', message: 'Connection restored.' }), []);
  const expired = useSessionExpired();
  const live = useLiveUpdates(Boolean(session) && !expired, onRestored);
  const slow = useSlowConnection(Boolean(session) && !expired && live !== 'lost');
  const iconOnly = !isMobile && !expanded;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: { base: 288, sm: iconOnly ? 64 : 256 }, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={mobileOpen}
              onClick={() => setMobileOpen((o) => !o)}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Tooltip label={expanded ? 'Collapse sidebar (Ctrl+B)' : 'Expand sidebar (Ctrl+B)'}>
              <ActionIcon
                visibleFrom="sm"
                variant="subtle"
                color="gray"
                size="lg"
                onClick={toggleSidebar}
                aria-label="Toggle sidebar"
              >
                {expanded ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
              </ActionIcon>
            </Tooltip>
            <Link
              to="/dashboard"
              style={{ textDecoration: 'none', color: 'inherit' }}
              aria-label={`${companyName} home`}
            >
              <Group gap={8} wrap="nowrap">
                <LogoMark size={28} />
                <Text fw={700} size="lg" visibleFrom="xs" lineClamp={1}>
                  {companyName}
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              className={classes.searchButton}
              onClick={openGlobalSearch}
              aria-label="Search pages Ctrl K"
              aria-keyshortcuts="Control+K"
            >
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  <IconSearch size={16} />
                  <Text size="sm" visibleFrom="sm">
                    Search pages...
                  </Text>
                </Group>
                <Kbd className={classes.kbd} visibleFrom="sm">
                  Ctrl K
                </Kbd>
              </Group>
            </UnstyledButton>
            <NotificationBell />
            <ThemeMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" className={classes.navbar} aria-label="Sidebar">
        <SidebarNav iconOnly={iconOnly} onNavigate={() => setMobileOpen(false)} />
        <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <UserMenu iconOnly={iconOnly} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        {mobileOpen && isMobile ? (
          <Overlay
            className={classes.mobileOverlay}
            fixed
            zIndex={99}
            backgroundOpacity={0.35}
            onClick={() => setMobileOpen(false)}
          />
        ) : null}
        <SessionExpiredDialog />
        {slow && live !== 'lost' ? (
          <Alert color="orange" variant="light" icon={<IconGauge size={18} />} mb="md" role="status">
            {SLOW_CONNECTION_MESSAGE}
          </Alert>
        ) : null}
        {live === 'lost' && !expired ? (
          <Alert color="red" icon={<IconWifiOff size={18} />} mb="md" role="alert">
            Connection lost. Please check your internet connection.
          </Alert>
        ) : null}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <GlobalSearch />
      {session && !expired ? <TaskReminders /> : null}
    </AppShell>
  );
}
