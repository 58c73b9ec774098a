import { NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { PAGES } from '@crm/domain';
import { useAuthorization } from '../../lib/authorization.ts';
import { FallbackPageIcon, PAGE_ICONS } from './page-icons.tsx';

/** The menu of spec 1 §6.1: exactly the pages the role may open. */
export function SidebarNav({ iconOnly, onNavigate }: { iconOnly: boolean; onNavigate: () => void }) {
  const { canOpen } = useAuthorization();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = PAGES.filter((p) => p.inMenu && canOpen(p.module));
  return (
    <ScrollArea style={{ flex: 1 }} type="hover">
      <nav aria-label="Main menu">
        <Stack gap={2}>
          {items.map((page) => {
            const Icon = PAGE_ICONS[page.path] ?? FallbackPageIcon;
            const active =
              pathname === page.path ||
              pathname.startsWith(`${page.path}/`) ||
              (page.path === '/dashboard' && pathname === '/') ||
              (page.path === '/leads-clients' && (pathname === '/leads' || pathname === '/clients'));
            const link = (
              <NavLink
                key={page.path}
                component={Link}
                to={page.path}
                label={iconOnly ? undefined : page.title}
                aria-label={iconOnly ? page.title : undefined}
                leftSection={<Icon size={20} stroke={1.7} />}
                active={active}
                variant="light"
                onClick={onNavigate}
                styles={{
                  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: iconOnly ? 'center' : undefined },
                  section: iconOnly ? { marginInlineEnd: 0 } : undefined,
                }}
              />
            );
            return iconOnly ? (
              <Tooltip key={page.path} label={page.title} position="right" openDelay={200}>
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
