DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_resource_idx";--> statement-breakpoint
DROP INDEX "audit_logs_action_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_user_idx" ON "audit_logs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (lower("action" || ' ' || "resource_type") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_resource_idx" ON "audit_logs" USING btree ("resource_type","resource_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at","id");