// Display ids and small derived values shared by leads and clients.

/** 'LD-' or 'CL-' plus the last 8 characters of the id, uppercased (DECISIONS.md §2). */
export function displayId(type: 'lead' | 'client', id: string): string {
  return `${type === 'lead' ? 'LD' : 'CL'}-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** Whole years between a yyyy-MM-dd birth date and today (or the given date). */
export function ageInYears(dateOfBirth: string | null | undefined, today: Date = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  if (!y || !m || !d) return null;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age--;
  return age >= 0 ? age : null;
}

export function fullNameOf(r: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
}
