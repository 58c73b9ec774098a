// /admin: Administration (spec 3 §2.4; DECISIONS.md §2: administrators enter, most user actions are the
// account administrator's). The tab is in the URL (?tab=, default users, the spec's keys system and
// documentation); each tab is isolated so a failure shows 'Something went wrong' inside the page, never
// without the shell. Loaded only when /admin opens.
import { Alert, Badge, Stack, Tabs } from '@mantine/core';
// Styles of the components only Administration uses among the lazy pages (the rest load with every page).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import {
  IconBell,
  IconDatabase,
  IconFileText,
  IconListDetails,
  IconMail,
  IconPalette,
  IconSettings,
  IconShieldLock,
  IconTrash,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { type Permission, ROLE_LABELS } from '@crm/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionErrorBoundary } from '../../components/section-error-boundary.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuditLogsTab, SecurityTab } from '../audit/index.ts';
import { DeletedItemsTab } from '../deleted-items/index.ts';
import { DocumentsTab } from '../documents/index.ts';
import { MailLogTab } from '../mail/index.ts';
import { RolesTab } from '../roles/index.ts';
import { BrandingTab, SystemSettingsTab } from '../settings/index.ts';
import { UsersTab } from '../users/index.ts';
import { NotificationSwitchesCard } from '../notifications/index.ts';
import { DataManagementTab } from './data-management-tab.tsx';

const ADMIN_TABS = [
  'users',
  'roles',
  'audit',
  'security',
  'deleted',
  'system',
  'branding',
  'data',
  'notifications',
  'documentation',
  'mail',
] as const;
type AdminTab = (typeof ADMIN_TABS)[number];
const DEFAULT_TAB: AdminTab = 'users';
/** Keys this page used before it took the spec's, so bookmarks and old links still open their tab. */
const FORMER_TAB_KEYS = new Map<unknown, AdminTab>([
  ['settings', 'system'],
  ['documents', 'documentation'],
]);

/** Each tab, and the permission it needs beyond Administration (the guide: audit and security are the owner's). */
const TABS: Record<AdminTab, { label: string; icon: ReactNode; content: () => ReactNode; needs?: Permission }> = {
  users: { label: 'User Management', icon: <IconUsers size={16} />, content: () => <UsersTab /> },
  roles: { label: 'Roles & Permissions', icon: <IconUserShield size={16} />, content: () => <RolesTab /> },
  audit: {
    label: 'Audit Logs',
    icon: <IconListDetails size={16} />,
    content: () => <AuditLogsTab />,
    needs: 'admin:manage_settings',
  },
  deleted: { label: 'Deleted Items', icon: <IconTrash size={16} />, content: () => <DeletedItemsTab /> },
  system: { label: 'System Settings', icon: <IconSettings size={16} />, content: () => <SystemSettingsTab /> },
  notifications: {
    label: 'Notifications',
    icon: <IconBell size={16} />,
    content: () => <FirmNotificationsTab />,
  },
  branding: { label: 'Branding', icon: <IconPalette size={16} />, content: () => <BrandingTab /> },
  data: { label: 'Data Management', icon: <IconDatabase size={16} />, content: () => <DataManagementTab /> },
  documentation: { label: 'Documentation', icon: <IconFileText size={16} />, content: () => <DocumentsTab /> },
  mail: { label: 'Mail Log', icon: <IconMail size={16} />, content: () => <MailLogTab /> },
  security: {
    label: 'Security',
    icon: <IconShieldLock size={16} />,
    content: () => <SecurityTab />,
    needs: 'admin:manage_settings',
  },
};

const isAdminTab = (value: unknown): value is AdminTab => (ADMIN_TABS as readonly unknown[]).includes(value);

export function AdminPage() {
  useDocumentTitle(pageName('/admin'));
  const { role, can } = useAuthorization();
  const navigate = useNavigate();
  const shown = ADMIN_TABS.filter((value) => !TABS[value].needs || can(TABS[value].needs));
  const search = useSearch({ strict: false }) as { tab?: unknown };
  const formerKeyOf = FORMER_TAB_KEYS.get(search.tab);
  const raw = formerKeyOf ?? search.tab;
  const tab: AdminTab = isAdminTab(raw) && shown.includes(raw) ? raw : DEFAULT_TAB;
  // A former key is rewritten in place (the rest of the query, such as System Settings' section, kept), so
  // the address bar and history show the spec's key.
  useEffect(() => {
    if (formerKeyOf) void navigate({ to: '/admin', search: { ...search, tab: formerKeyOf }, replace: true });
  }, [formerKeyOf, search, navigate]);

  return (
    <>
      <PageHeader
        title="Administration"
        subtitle={
          <>
            Comprehensive system management and configuration{' '}
            <Badge variant="light" tt="none" ml={4}>
              Admin Panel v2.0
            </Badge>
            <Badge variant="light" color="gray" tt="none" ml={4}>
              {ROLE_LABELS[role]}
            </Badge>
          </>
        }
      />
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(next) =>
          void navigate({ to: '/admin', search: next === DEFAULT_TAB ? {} : { tab: next }, replace: true })
        }
      >
        <Tabs.List mb="md">
          {shown.map((value) => (
            <Tabs.Tab key={value} value={value} leftSection={TABS[value].icon}>
              {TABS[value].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <SectionErrorBoundary label={TABS[value].label}>{TABS[value].content()}</SectionErrorBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

/** The firm's default notification switches: account administrators change them, administrators read. */
function FirmNotificationsTab() {
  const { can } = useAuthorization();
  const editable = can('admin:manage_settings');
  return (
    <Stack gap="md">
      {!editable ? (
        <Alert color="gray" variant="light">
          Only account administrators change the firm's notification defaults.
        </Alert>
      ) : null}
      <NotificationSwitchesCard scope="firm" editable={editable} />
    </Stack>
  );
}
