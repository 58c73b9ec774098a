import {
  IconAddressBook,
  IconBriefcase,
  IconChecklist,
  IconClock,
  IconFileText,
  IconForms,
  IconLayoutDashboard,
  IconReceipt2,
  IconSettings,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export const PAGE_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  '/dashboard': IconLayoutDashboard,
  '/leads-clients': IconUsers,
  '/contacts': IconAddressBook,
  '/my-tasks': IconChecklist,
  '/forms': IconForms,
  '/contracts': IconFileText,
  '/timesheet': IconClock,
  '/staffing': IconUsersGroup,
  '/finance': IconReceipt2,
  '/admin': IconSettings,
  '/profile': IconUserCircle,
};

export const FallbackPageIcon = IconBriefcase;
