DROP INDEX "contacts_moved_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_moved_at_sort_idx" ON "contacts" USING btree (coalesce("moved_from_leads_at", '-infinity'::timestamptz),"id");