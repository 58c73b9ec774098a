// The large load's timesheets (issue 16): `count` entries logged by the active staff (guests log no time),
// about three a working day each, going back from the firm's today, on a few records at a time; and the
// week rows: last week submitted by those who need approval (approved for the others), earlier weeks
// approved. One INSERT … SELECT over generate_series each.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { DESCRIPTIONS as DEMO_DESCRIPTIONS } from './demo-timesheets.ts';

const DESCRIPTIONS = [...DEMO_DESCRIPTIONS, 'Answered a request for information', 'Lodged the application online'];
const ENTRIES_A_DAY = 3;
/** Entries in a row on one record: a person works a case for a few days, then the next. */
const ENTRIES_A_RECORD = 12;

export async function loadTimesheets(db: Executor, count: number, today: string): Promise<void> {
  if (count <= 0) return;
  await db.execute(sql`
    with staff as (
      select id, row_number() over (order by id) - 1 as n from users where role <> 'guest' and status = 'active'),
    records as (
      select id as lead_id, null::uuid as client_id from leads
       where deleted_at is null and archived_at is null and converted_to_client_id is null
      union all
      select null, id from clients where deleted_at is null),
    numbered as (select r.*, row_number() over (order by coalesce(r.lead_id, r.client_id)) - 1 as n from records r),
    sizes as (select (select count(*) from staff) as people, (select count(*) from numbered) as records),
    g as (
      select g.n, s.id as user_id, s.n as person, g.n / sizes.people as k, sizes.records
        from generate_series(0, ${count} - 1) as g(n) cross join sizes
        join staff s on s.n = g.n % sizes.people),
    cal as (
      select date_trunc('week', ${today}::date)::date as monday, least(extract(isodow from ${today}::date)::int, 5) - 1 as t),
    dated as (
      -- Working day k / ENTRIES_A_DAY back from today (a weekend counts from its Friday): counted back from
      -- this week's Friday, w whole weeks and i days into that week.
      select g.*, cal.monday - 7 * ((4 - cal.t + k / ${ENTRIES_A_DAY}) / 5)::int + (4 - (4 - cal.t + k / ${ENTRIES_A_DAY}) % 5)::int as day
        from g cross join cal)
    insert into timesheet_entries (user_id, entry_date, hours, lead_id, client_id, description, created_at, updated_at,
                                   created_by, updated_by)
    select d.user_id, d.day,
           (array[0.5, 1, 1.5, 2, 2.5, 0.75, 1.25, 3])[1 + d.n % 8],
           r.lead_id, r.client_id,
           (string_to_array(${DESCRIPTIONS.join('|')}, '|'))[1 + d.n % ${DESCRIPTIONS.length}],
           d.day + time '17:00', d.day + time '17:00', d.user_id, d.user_id
      from dated d
      join numbered r on r.n = (d.person * 7919 + d.k / ${ENTRIES_A_RECORD}) % d.records
     where d.records > 0`);
  await db.execute(sql`
    with approver as (select id from users where role = 'administrator' order by created_at limit 1),
    this_week as (select date_trunc('week', ${today}::date)::date as monday)
    insert into timesheet_weeks (user_id, week_start, status, submitted_at, approved_by, approved_at, created_by, updated_by)
    select w.user_id, w.week_start,
           case when w.week_start = this_week.monday - 7 and u.role in ('consultant', 'team_lead') then 'submitted'
                else 'approved' end,
           w.week_start + 5,
           case when w.week_start = this_week.monday - 7 and u.role in ('consultant', 'team_lead') then null
                when u.role in ('consultant', 'team_lead') then approver.id else w.user_id end,
           case when w.week_start = this_week.monday - 7 and u.role in ('consultant', 'team_lead') then null
                else w.week_start + 7 end,
           w.user_id, w.user_id
      from (select distinct user_id, date_trunc('week', entry_date)::date as week_start from timesheet_entries) w
      join users u on u.id = w.user_id
      cross join this_week cross join approver
     where w.week_start < this_week.monday
    on conflict do nothing`);
}
