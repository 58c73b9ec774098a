// Display ids and small derived values shared by leads and clients.

/** 'LD-' or 'CL-' plus the last 8 characters of the id, uppercased (DECISIONS.md §2). */
export function displayId(type: 'lead' | 'client', id: string): string {
  return `${type === 'lead' ? 'LD' : 'CL'}-${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
}

/** Whole years between a YYYY-MM-DD birth date and `today` (the firm's date, YYYY-MM-DD). */
export function ageInYears(dateOfBirth: string | null | undefined, today: string): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (!y || !m || !d || !ty || !tm || !td) return null;
  let age = ty - y;
  const beforeBirthday = tm < m || (tm === m && td < d);
  if (beforeBirthday) age--;
  return age >= 0 ? age : null;
}

export function fullNameOf(r: { firstName: string; middleName?: string | null; lastName: string }): string {
  return [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
}
