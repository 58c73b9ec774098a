// The large load's administration data (issue 14 item 8): `users` staff accounts beside the demo users and
// `auditRows` audit log rows over the last three years, each written by one INSERT … SELECT over
// generate_series, so a million rows take seconds rather than a million round trips.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

/** The actions the generated rows carry, roughly in the proportions a firm's log has. */
const ACTIONS = [
  ['UPDATE_LEAD', 'LEAD'],
  ['UPDATE_LEAD', 'LEAD'],
  ['UPDATE_LEAD', 'LEAD'],
  ['CREATE_LEAD', 'LEAD'],
  ['UPDATE_CLIENT', 'CLIENT'],
  ['UPDATE_CLIENT', 'CLIENT'],
  ['CREATE_TASK_NOTE', 'TASK_NOTE'],
  ['UPDATE_TASK_NOTE', 'TASK_NOTE'],
  ['SIGN_IN', 'USER'],
  ['SIGN_IN', 'USER'],
  ['SIGN_OUT', 'USER'],
  ['SIGN_IN_FAILED', 'USER'],
  ['CONVERT_LEAD', 'LEAD'],
  ['ARCHIVE_LEAD', 'LEAD'],
  ['UPDATE_SERVICE', 'SERVICE'],
  ['CREATE_INVOICE', 'INVOICE'],
] as const;

export async function loadStaff(db: Executor, count: number, passwordHash: string): Promise<void> {
  if (count <= 0) return;
  const roles = ['consultant', 'consultant', 'consultant', 'team_lead', 'member', 'member', 'supervisor', 'guest'];
  const firstNames = ['Ava', 'Noah', 'Mia', 'Leo', 'Isla', 'Kai', 'Zoe', 'Ravi', 'Ana', 'Jun', 'Liam', 'Sofia'];
  const lastNames = ['Smith', 'Nguyen', 'Santos', 'Patel', 'Reyes', 'Kim', 'Brown', 'Garcia', 'Tan', 'Wilson'];
  await db.execute(sql`
    insert into users (email, first_name, last_name, role, status, password_hash, last_login_at, created_at)
    select 'staff.' || n || '@bench.example.com',
           (string_to_array(${firstNames.join(',')}, ','))[1 + n % ${firstNames.length}],
           (string_to_array(${lastNames.join(',')}, ','))[1 + (n / 7) % ${lastNames.length}],
           (string_to_array(${roles.join(',')}, ','))[1 + n % ${roles.length}],
           case when n % 23 = 0 then 'suspended' when n % 31 = 0 then 'pending' else 'active' end,
           ${passwordHash},
           case when n % 5 = 0 then null else now() - make_interval(hours => n % 2000) end,
           now() - make_interval(days => n % 1000)
      from generate_series(1, ${count}) as n
    on conflict do nothing`);
}

export async function loadAuditLog(db: Executor, count: number): Promise<void> {
  if (count <= 0) return;
  const actions = ACTIONS.map(([action]) => action);
  const types = ACTIONS.map(([, type]) => type);
  await db.execute(sql`
    with people as (select array_agg(id) as ids from users)
    insert into audit_logs (created_at, user_id, action, resource_type, resource_id, new_values, ip_address)
    select now() - make_interval(secs => (n::double precision * 94608000 / ${count})),
           people.ids[1 + n % array_length(people.ids, 1)],
           (string_to_array(${actions.join(',')}, ','))[1 + n % ${actions.length}],
           (string_to_array(${types.join(',')}, ','))[1 + n % ${types.length}],
           md5(n::text)::uuid::text,
           jsonb_build_object('n', n),
           '10.0.' || (n % 250) || '.' || (n % 200)
      from generate_series(1, ${count}) as n, people`);
}
