ALTER TABLE "services" ADD COLUMN "entity_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "entity_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "record_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "services_overview_created_idx" ON "services" USING btree ("created_at","id") WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_overview_start_idx" ON "services" USING btree (coalesce("start_date", '-infinity'::date),"id") WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_overview_name_idx" ON "services" USING btree ("service_name","id") WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_overview_entity_idx" ON "services" USING btree ("entity_name","id") WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_overview_search_idx" ON "services" USING gin (lower("service_name" || ' ' || "entity_name" || ' ' || "entity_email") gin_trgm_ops) WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_service_name_prefix_idx" ON "services" USING btree (lower("service_name") text_pattern_ops) WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_entity_name_prefix_idx" ON "services" USING btree (lower("entity_name") text_pattern_ops) WHERE "services"."deleted_at" is null and "services"."record_live";--> statement-breakpoint
CREATE INDEX "services_entity_email_prefix_idx" ON "services" USING btree (lower("entity_email") text_pattern_ops) WHERE "services"."deleted_at" is null and "services"."record_live";