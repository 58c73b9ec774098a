// The route table of spec 1 §2.1: every page, the module that guards it, and whether it is in the menu.
import type { Module } from '../access/permissions.ts';

export type PageDefinition = {
  path: string;
  title: string;
  module: Module;
  /** Shown in the sidebar (spec 1 §6.1 menu); the profile is reached from the footer menu. */
  inMenu: boolean;
  /** Words that find the page in global search besides its title. */
  keywords: readonly string[];
};

export const PAGES: readonly PageDefinition[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    module: 'dashboard',
    inMenu: true,
    keywords: ['home', 'pipeline', 'statistics'],
  },
  {
    path: '/leads-clients',
    title: 'Leads and Clients',
    module: 'leads',
    inMenu: true,
    keywords: ['leads', 'clients', 'records', 'prospects'],
  },
  { path: '/contacts', title: 'Contacts', module: 'contacts', inMenu: true, keywords: ['archive', 'archived'] },
  { path: '/my-tasks', title: 'My Tasks', module: 'my_tasks', inMenu: true, keywords: ['tasks', 'reminders', 'todo'] },
  { path: '/forms', title: 'Forms', module: 'forms', inMenu: true, keywords: ['enquiry', 'web form'] },
  {
    path: '/contracts',
    title: 'Contract Manager',
    module: 'contracts',
    inMenu: true,
    keywords: ['contracts', 'agreements', 'templates'],
  },
  { path: '/timesheet', title: 'Timesheet', module: 'timesheet', inMenu: true, keywords: ['time', 'hours'] },
  {
    path: '/staffing',
    title: 'Staffing',
    module: 'staffing',
    inMenu: true,
    keywords: ['staff', 'workload', 'directory'],
  },
  {
    path: '/finance',
    title: 'Finance and Sales',
    module: 'finance',
    inMenu: true,
    keywords: ['invoices', 'receipts', 'services', 'sales'],
  },
  {
    path: '/admin',
    title: 'Administration',
    module: 'admin',
    inMenu: true,
    keywords: ['users', 'roles', 'audit', 'settings'],
  },
  { path: '/profile', title: 'My Profile', module: 'profile', inMenu: false, keywords: ['password', 'account'] },
];

/** Global search (spec 2 shell): pages whose name matches the text, at most 8. */
export const PAGE_SEARCH_LIMIT = 8;

export function searchPages(pages: readonly PageDefinition[], text: string): PageDefinition[] {
  const q = text.trim().toLowerCase();
  const matches = q
    ? pages.filter((p) => p.title.toLowerCase().includes(q) || p.keywords.some((k) => k.includes(q)))
    : [...pages];
  return matches.slice(0, PAGE_SEARCH_LIMIT);
}
