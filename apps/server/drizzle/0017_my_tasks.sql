DROP INDEX "task_notes_assignee_due_idx";--> statement-breakpoint
ALTER TABLE "task_notes" ADD COLUMN "record_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "task_notes_assignee_due_idx" ON "task_notes" USING btree ("assigned_to",coalesce("due_date", 'infinity'::date),"id") WHERE "task_notes"."kind" = 'task' and "task_notes"."record_live";