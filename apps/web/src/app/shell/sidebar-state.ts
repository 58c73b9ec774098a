// Sidebar open/icon state, kept in a cookie for 7 days (spec 2 §9 shell constants).
const COOKIE = 'sidebar_state';
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function readSidebarExpanded(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(expanded|collapsed)/);
  return match ? match[1] === 'expanded' : true;
}

export function writeSidebarExpanded(expanded: boolean) {
  document.cookie = `${COOKIE}=${expanded ? 'expanded' : 'collapsed'}; path=/; max-age=${MAX_AGE_SECONDS}; samesite=lax`;
}
