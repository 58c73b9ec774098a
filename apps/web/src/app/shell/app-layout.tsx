// The signed-in shell: collapsible sidebar (icon mode; a drawer below 768 px), header with logo,
// page search and theme menu, the user menu in the sidebar footer, and the live-update banner.
import { ActionIcon, Alert, AppShell, Burger, Group, Kbd, Overlay, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { spotlight } from '@mantine/spotlight';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSearch,
  IconWifiOff,
} from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { useLiveUpdates } from '../../lib/live-updates.ts';
import { useSession } from '../../features/auth/api/session.ts';
import classes from './app-layout.module.css';
import { GlobalSearch } from './global-search.tsx';
import { readSidebarExpanded, writeSidebarExpanded } from './sidebar-state.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export function AppLayout() {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { data: session } = useSession();

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

  const onRestored = useCallback(() => notifications.show({ color: 'green', message: 'Connection restored.' }), []);
  const live = useLiveUpdates(Boolean(session), onRestored);
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
            <Link to="/dashboard" style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Visa CRM home">
              <Group gap={8} wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={700} size="lg" visibleFrom="xs">
                  Visa CRM
                </Text>
              </Group>
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <UnstyledButton
              className={classes.searchButton}
              onClick={() => spotlight.open()}
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
        {live === 'lost' ? (
          <Alert color="red" icon={<IconWifiOff size={18} />} mb="md" role="alert">
            Connection lost. Please check your internet connection.
          </Alert>
        ) : null}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <GlobalSearch />
    </AppShell>
  );
}
