// The dashboard's counts over the leads a user can see (live: not deleted, not archived).
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type Viewer, visibleTo } from '../../db/list-query.ts';
import { leadIsLive, leadOwnership, leads } from '../../db/schema/index.ts';

const visibleLiveLeads = (viewer: Viewer) => and(leadIsLive(), visibleTo(viewer, leadOwnership));

export async function countLeadsByStatus(db: Executor, viewer: Viewer): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: leads.leadStatus, n: count() })
    .from(leads)
    .where(visibleLiveLeads(viewer))
    .groupBy(leads.leadStatus);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export async function conversionCounts(db: Executor, viewer: Viewer, recentDays: number, convertedStatus: string) {
  const [row] = await db
    .select({
      all: count(),
      converted: sql<number>`count(*) filter (where ${leads.convertedAt} is not null)::int`,
      recent: sql<number>`count(*) filter (where ${leads.convertedAt} >= now() - make_interval(days => ${recentDays}))::int`,
      stillConverted: sql<number>`count(*) filter (where ${eq(leads.leadStatus, convertedStatus)})::int`,
      // Converted once and back in the pipeline: a reversion (the conversion date is kept).
      reverted: sql<number>`count(*) filter (where ${leads.convertedAt} is not null and ${leads.leadStatus} <> ${convertedStatus})::int`,
    })
    .from(leads)
    .where(visibleLiveLeads(viewer));
  return row ?? { all: 0, converted: 0, recent: 0, stillConverted: 0, reverted: 0 };
}

/** New leads per week (weeks start Monday in the given time zone), the last `weeks` weeks, zero-filled. */
export async function newLeadsPerWeek(db: Executor, viewer: Viewer, weeks: number, timeZone: string) {
  const result = await db.execute<{ week_start: string; count: number }>(sql`
    with bounds as (
      select date_trunc('week', now() at time zone ${timeZone}) as this_week
    ),
    series as (
      select generate_series(this_week - make_interval(weeks => ${weeks - 1}), this_week, interval '1 week') as week_start
      from bounds
    ),
    counts as (
      select date_trunc('week', ${leads.createdAt} at time zone ${timeZone}) as week_start, count(*)::int as count
      from ${leads}
      where ${visibleLiveLeads(viewer)}
        and ${leads.createdAt} >= ((select this_week from bounds) - make_interval(weeks => ${weeks - 1})) at time zone ${timeZone}
      group by 1
    )
    select to_char(s.week_start, 'YYYY-MM-DD') as week_start, coalesce(c.count, 0) as count
    from series s left join counts c on c.week_start = s.week_start
    order by s.week_start`);
  return result.rows.map((r) => ({ weekStart: r.week_start, count: Number(r.count) }));
}
