// The large load's Contract Manager (issue 16): `count` contracts over the live clients and leads already
// loaded, written by one INSERT … SELECT over generate_series, so tens of thousands take a second or two.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

const TITLES = [
  'Migration services agreement',
  'Student visa services agreement',
  'Partner visa services agreement',
  'Skills assessment engagement',
  'Employer sponsorship services agreement',
  'Consultation terms of engagement',
  'Visitor visa services agreement',
  'Tribunal review engagement',
];

/** About 1 KB of rich text, as a contract drafted from a template carries (the list reads its rows whole). */
const BODY = [
  "<h2>Services</h2><p>The agent will assess the client's eligibility, prepare and lodge the application and",
  "correspond with the Department of Home Affairs on the client's behalf until a decision is made.</p>",
  '<h2>Fees</h2><p>Professional fees are payable in the instalments set out in the schedule. Government',
  'charges, medical examinations, police certificates and translations are paid by the client.</p>',
  '<h2>Client obligations</h2><p>The client will provide complete and truthful information and documents,',
  'tell the agent promptly of any change of circumstances and keep their passport valid.</p>',
  '<h2>Privacy</h2><p>Personal information is collected to provide these services and handled under the',
  'Australian Privacy Principles.</p><h2>Termination</h2><p>Either party may end this agreement by written',
  'notice; fees for work done to the date of notice remain payable.</p>',
].join(' ');

/**
 * Contracts over the last three years, a quarter on leads and the rest on clients; a fifth draft, a tenth
 * terminated, the rest active (those past their one- or two-year expiry read as expired). Numbered
 * 'CONT-<year>-<NNN>' after any number the year's counter already gave, and the counters moved on, so the
 * next contract drafted in the app takes the following number.
 */
export async function loadContracts(db: Executor, count: number): Promise<void> {
  if (count <= 0) return;
  await db.execute(sql`
    with c as (
      select id, first_name || ' ' || last_name as name, email, created_by, row_number() over (order by id) - 1 as n
        from clients where deleted_at is null),
    l as (
      select id, first_name || ' ' || last_name as name, email, created_by, row_number() over (order by id) - 1 as n
        from leads where deleted_at is null and archived_at is null and converted_to_client_id is null),
    sizes as (select (select count(*) from c) as clients, (select count(*) from l) as leads),
    people as (select array_agg(id order by id) as ids from users where role <> 'guest'),
    g as (
      select n, now() - make_interval(secs => (${count} - n)::double precision * 94608000 / ${count}) as created_at
        from generate_series(1, ${count}) as n),
    parties as (
      select g.n, g.created_at, to_char(g.created_at, 'YYYY') as year, l.id as lead_id, c.id as client_id,
             coalesce(l.name, c.name) as name, coalesce(l.email, c.email) as email,
             coalesce(l.created_by, c.created_by, people.ids[1 + g.n % array_length(people.ids, 1)]) as author
        from g cross join sizes cross join people
        left join l on g.n % 4 = 0 and l.n = g.n % greatest(sizes.leads, 1)
        left join c on g.n % 4 <> 0 and c.n = g.n % greatest(sizes.clients, 1)
       where l.id is not null or c.id is not null),
    numbered as (
      select p.*, coalesce(dc.last_value, 0) + row_number() over (partition by p.year order by p.n) as number
        from parties p left join document_counters dc on dc.name = 'contract-' || p.year)
    insert into contracts (reference, title, state, lead_id, client_id, client_name, client_email, content,
                           effective_date, expiry_date, signed_date, created_at, updated_at, created_by, updated_by)
    select 'CONT-' || year || '-' || lpad(number::text, greatest(3, length(number::text)), '0'),
           (string_to_array(${TITLES.join('|')}, '|'))[1 + n % ${TITLES.length}],
           case when n % 10 < 2 then 'draft' when n % 10 = 9 then 'terminated' else 'active' end,
           lead_id, client_id, name, email, ${BODY},
           created_at::date,
           case when n % 7 <> 0 then created_at::date + 365 * (1 + (n % 2)::int) end,
           case when n % 10 >= 2 then created_at::date + (n % 14)::int end,
           created_at, created_at + make_interval(days => (n % 30)::int), author, author
      from numbered`);
  await db.execute(sql`
    insert into document_counters (name, last_value)
    select 'contract-' || split_part(reference, '-', 2), max(split_part(reference, '-', 3)::bigint)
      from contracts group by 1
    on conflict (name) do update set last_value = greatest(document_counters.last_value, excluded.last_value)`);
}
