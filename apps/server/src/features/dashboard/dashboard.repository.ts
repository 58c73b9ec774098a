// The dashboard's counts over the leads a user can see (live: not deleted, not archived). A role that sees
// every lead reads the maintained counts (docs/decisions/0008); a consultant's own leads are counted,
// which its owner and assignee indexes keep to its share. Time-bounded figures read an index range whose
// lower bound the planner is given as a value.
import { addDays } from '@crm/domain';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { seesEverything, type Viewer, visibleTo } from '../../db/list-query.ts';
import { leadBuckets, sumOf } from '../../db/record-counts.ts';
import { leadIsLive, leadOwnership, leads } from '../../db/schema/index.ts';

const visibleLiveLeads = (viewer: Viewer) => and(leadIsLive(), visibleTo(viewer, leadOwnership));

export async function countLeadsByStatus(db: Executor, viewer: Viewer): Promise<Map<string, number>> {
  if (seesEverything(viewer)) {
    const byStatus = new Map<string, number>();
    for (const b of await leadBuckets(db)) byStatus.set(b.status, (byStatus.get(b.status) ?? 0) + b.n);
    return byStatus;
  }
  const rows = await db
    .select({ status: leads.leadStatus, n: count() })
    .from(leads)
    .where(visibleLiveLeads(viewer))
    .groupBy(leads.leadStatus);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** The moment `days` days ago, as the database's clock says, for an index range with a known bound. */
async function daysAgo(db: Executor, days: number): Promise<string> {
  const result = await db.execute<{ since: string }>(
    sql`select (now() - make_interval(days => ${days}))::text as since`,
  );
  return result.rows[0]!.since;
}

export async function conversionCounts(db: Executor, viewer: Viewer, recentDays: number, convertedStatus: string) {
  const since = await daysAgo(db, recentDays);
  const [recentRow] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(visibleLiveLeads(viewer), sql`${leads.convertedAt} >= cast(${since} as timestamptz)`));
  const recent = Number(recentRow?.n ?? 0);
  if (seesEverything(viewer)) {
    const buckets = await leadBuckets(db);
    return {
      all: sumOf(buckets, () => true),
      converted: sumOf(buckets, (b) => b.converted),
      recent,
      stillConverted: sumOf(buckets, (b) => b.status === convertedStatus),
      // Converted once and back in the pipeline: a reversion (the conversion date is kept).
      reverted: sumOf(buckets, (b) => b.converted && b.status !== convertedStatus),
    };
  }
  const [row] = await db
    .select({
      all: count(),
      converted: sql<number>`count(*) filter (where ${leads.convertedAt} is not null)::int`,
      stillConverted: sql<number>`count(*) filter (where ${eq(leads.leadStatus, convertedStatus)})::int`,
      reverted: sql<number>`count(*) filter (where ${leads.convertedAt} is not null and ${leads.leadStatus} <> ${convertedStatus})::int`,
    })
    .from(leads)
    .where(visibleLiveLeads(viewer));
  return {
    all: Number(row?.all ?? 0),
    converted: Number(row?.converted ?? 0),
    recent,
    stillConverted: Number(row?.stillConverted ?? 0),
    reverted: Number(row?.reverted ?? 0),
  };
}

/** New leads per week (weeks start Monday in the given time zone), the last `weeks` weeks, zero-filled. */
export async function newLeadsPerWeek(db: Executor, viewer: Viewer, weeks: number, timeZone: string) {
  // The range's start as a value, so the planner reads the (created_at, id) index from there on.
  const bounds = await db.execute<{ first_week: string; since: string }>(sql`
    select to_char(w, 'YYYY-MM-DD') as first_week, (w at time zone ${timeZone})::text as since
    from (select date_trunc('week', now() at time zone ${timeZone}) - make_interval(weeks => ${weeks - 1}) as w) as b`);
  const { first_week: firstWeek, since } = bounds.rows[0]!;
  const result = await db.execute<{ week_start: string; count: number }>(sql`
    select to_char(date_trunc('week', ${leads.createdAt} at time zone ${timeZone}), 'YYYY-MM-DD') as week_start,
      count(*)::int as count
    from ${leads}
    where ${visibleLiveLeads(viewer)} and ${leads.createdAt} >= cast(${since} as timestamptz)
    group by 1`);
  const counts = new Map(result.rows.map((r) => [r.week_start, Number(r.count)]));
  const start = new Date(`${firstWeek}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(start.toISOString().slice(0, 10), i * 7);
    return { weekStart, count: counts.get(weekStart) ?? 0 };
  });
}
