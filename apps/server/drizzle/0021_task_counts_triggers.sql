-- My Tasks' cards and the reminders' counts (schema/tasks.ts taskCounts): like the record counts (migration
-- 0008), statement-level triggers with transition tables add what each statement put into a bucket and take
-- away what it took out, in the statement's transaction, upserting buckets in key order. A task counts while
-- it is a task on a live record with an assignee (record_live is kept by migration 0018's triggers, which
-- update task_notes, so this trigger sees those changes too).

CREATE FUNCTION crm_task_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO task_counts AS t (assigned_to, due_date, status, n)
    SELECT assigned_to, due_date, status, sum(d) FROM (
      SELECT assigned_to, coalesce(due_date, 'infinity'::date) AS due_date, status, 1 AS d FROM new_rows
      WHERE kind = 'task' AND record_live AND assigned_to IS NOT NULL AND status IS NOT NULL
    ) c
    GROUP BY assigned_to, due_date, status HAVING sum(d) <> 0
    ORDER BY assigned_to, due_date, status
    ON CONFLICT (assigned_to, due_date, status) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO task_counts AS t (assigned_to, due_date, status, n)
    SELECT assigned_to, due_date, status, sum(d) FROM (
      SELECT assigned_to, coalesce(due_date, 'infinity'::date) AS due_date, status, 1 AS d FROM new_rows
      WHERE kind = 'task' AND record_live AND assigned_to IS NOT NULL AND status IS NOT NULL
      UNION ALL
      SELECT assigned_to, coalesce(due_date, 'infinity'::date) AS due_date, status, -1 AS d FROM old_rows
      WHERE kind = 'task' AND record_live AND assigned_to IS NOT NULL AND status IS NOT NULL
    ) c
    GROUP BY assigned_to, due_date, status HAVING sum(d) <> 0
    ORDER BY assigned_to, due_date, status
    ON CONFLICT (assigned_to, due_date, status) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO task_counts AS t (assigned_to, due_date, status, n)
    SELECT assigned_to, due_date, status, sum(d) FROM (
      SELECT assigned_to, coalesce(due_date, 'infinity'::date) AS due_date, status, -1 AS d FROM old_rows
      WHERE kind = 'task' AND record_live AND assigned_to IS NOT NULL AND status IS NOT NULL
    ) c
    GROUP BY assigned_to, due_date, status HAVING sum(d) <> 0
    ORDER BY assigned_to, due_date, status
    ON CONFLICT (assigned_to, due_date, status) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER task_notes_counts_insert AFTER INSERT ON task_notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_task_counts();
--> statement-breakpoint
CREATE TRIGGER task_notes_counts_update AFTER UPDATE ON task_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_task_counts();
--> statement-breakpoint
CREATE TRIGGER task_notes_counts_delete AFTER DELETE ON task_notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION crm_task_counts();
--> statement-breakpoint
-- The tasks already stored.
INSERT INTO task_counts (assigned_to, due_date, status, n)
SELECT assigned_to, due_date, status, sum(d) FROM (
      SELECT assigned_to, coalesce(due_date, 'infinity'::date) AS due_date, status, 1 AS d FROM task_notes
      WHERE kind = 'task' AND record_live AND assigned_to IS NOT NULL AND status IS NOT NULL
) c
GROUP BY assigned_to, due_date, status;
