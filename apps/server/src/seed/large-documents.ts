// The large load's document library (issue 16): `count` documents of the firm's own over the last three
// years, rows only — the list never opens a file, so none is stored (a seeded row has no file to download,
// as a document written in the editor has none). One INSERT … SELECT over generate_series; the control
// numbers come from the same sequence the app takes them from, so later ones follow on.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

const TITLES = [
  'Client onboarding checklist',
  'Visa application lodgement procedure',
  'Privacy collection notice',
  'Complaints handling policy',
  'Conflict of interest register',
  'Code of Conduct acknowledgement',
  'Document retention schedule',
  'Skills assessment guide',
  'Fee schedule',
  'Tribunal review checklist',
  'Continuing professional development plan',
  'Data breach response plan',
];
const CATEGORIES = ['Policy', 'Procedure', 'Checklist', 'Form', 'Guide', 'Register', 'Template'];

export async function loadDocuments(db: Executor, count: number): Promise<void> {
  if (count <= 0) return;
  await db.execute(sql`
    with people as (select array_agg(id order by id) as ids from users where role in ('administrator', 'account_administrator', 'supervisor')),
    g as (
      select n, nextval('document_control_number_seq') as number,
             now() - make_interval(secs => (${count} - n)::double precision * 94608000 / ${count}) as created_at
        from generate_series(1, ${count}) as n)
    insert into documents (control_number, title, category, document_version, description, content,
                           created_at, updated_at, created_by, updated_by)
    select 'DOC-' || to_char(created_at, 'YYYY') || '-' || lpad(number::text, greatest(4, length(number::text)), '0'),
           (string_to_array(${TITLES.join('|')}, '|'))[1 + n % ${TITLES.length}] || ' ' || (n / ${TITLES.length} + 1),
           (string_to_array(${CATEGORIES.join('|')}, '|'))[1 + n % ${CATEGORIES.length}],
           (1 + n % 3) || '.' || (n % 4),
           'Reviewed yearly by the principal migration agent',
           '<p>Purpose, scope and the steps staff follow, with the forms that go with them.</p>',
           created_at, created_at + make_interval(days => (n % 60)::int),
           people.ids[1 + n % array_length(people.ids, 1)], people.ids[1 + (n / 3) % array_length(people.ids, 1)]
      from g cross join people`);
}
