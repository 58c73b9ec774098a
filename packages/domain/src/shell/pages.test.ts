import { describe, expect, it } from 'vitest';
import { canOpenModule } from '../access/permissions.ts';
import { type Role, ROLES } from '../access/roles.ts';
import { PAGE_SEARCH_LIMIT, PAGES, searchPages } from './pages.ts';

const titles = (pages: readonly { title: string }[]) => pages.map((p) => p.title);

/** The sidebar a role sees: menu pages of the modules it opens. */
const menuOf = (role: Role) => titles(PAGES.filter((p) => p.inMenu && canOpenModule(role, p.module)));

describe('menu per role (spec 1 §6.1, spec 2 §6, DECISIONS.md §2)', () => {
  const EVERYONE = ['Dashboard', 'Leads and Clients', 'Contacts'];
  const ALL_BUT_GUEST = ['My Tasks', 'Forms', 'Contract Manager', 'Timesheet'];

  it.each([
    ['account_administrator', [...EVERYONE, ...ALL_BUT_GUEST, 'Staffing', 'Finance and Sales', 'Administration']],
    ['administrator', [...EVERYONE, ...ALL_BUT_GUEST, 'Staffing', 'Finance and Sales', 'Administration']],
    ['supervisor', [...EVERYONE, ...ALL_BUT_GUEST, 'Staffing', 'Finance and Sales']],
    ['team_lead', [...EVERYONE, ...ALL_BUT_GUEST]],
    ['consultant', [...EVERYONE, ...ALL_BUT_GUEST]],
    ['member', [...EVERYONE, ...ALL_BUT_GUEST, 'Finance and Sales']],
    ['guest', EVERYONE],
  ] as const)('%s sees %j', (role, expected) => {
    expect(menuOf(role).sort()).toEqual([...expected].sort());
  });

  it('reaches My Profile from the footer for every role, not from the menu', () => {
    const profile = PAGES.find((p) => p.path === '/profile');
    expect(profile).toMatchObject({ title: 'My Profile', module: 'profile', inMenu: false });
    for (const role of ROLES) expect(canOpenModule(role, 'profile')).toBe(true);
  });
});

describe('global search (spec 2 shell)', () => {
  it('lists at most 8 pages', () => {
    expect(PAGE_SEARCH_LIMIT).toBe(8);
    expect(PAGES.length).toBeGreaterThan(8);
    expect(searchPages(PAGES, '')).toHaveLength(8);
    expect(titles(searchPages(PAGES, ''))).toEqual(titles(PAGES.slice(0, 8)));
    // 'a' is in nine page names (and My Profile's keywords): still only 8, in menu order.
    const many = searchPages(PAGES, 'a');
    expect(many).toHaveLength(8);
    expect(titles(many)).toEqual(titles(PAGES.filter((p) => p.title.toLowerCase().includes('a')).slice(0, 8)));
  });

  it('matches the page name anywhere, ignoring case and surrounding spaces', () => {
    expect(titles(searchPages(PAGES, 'dash'))).toEqual(['Dashboard']);
    expect(titles(searchPages(PAGES, '  CONTRACT '))).toEqual(['Contract Manager']);
    expect(titles(searchPages(PAGES, 'manager'))).toEqual(['Contract Manager']);
    expect(titles(searchPages(PAGES, 'profile'))).toEqual(['My Profile']);
    expect(titles(searchPages(PAGES, 'sales'))).toEqual(['Finance and Sales']);
    expect(titles(searchPages(PAGES, 'clients'))).toEqual(['Leads and Clients']);
  });

  it('finds nothing for text no page name holds', () => {
    expect(searchPages(PAGES, 'zzz')).toEqual([]);
    expect(searchPages(PAGES, 'dashboard!')).toEqual([]);
  });

  it("searches only the pages it is given (the caller passes the role's own)", () => {
    const guestPages = PAGES.filter((p) => canOpenModule('guest', p.module));
    expect(titles(searchPages(guestPages, 'finance'))).toEqual([]);
    expect(titles(searchPages(guestPages, 'contacts'))).toEqual(['Contacts']);
  });
});
