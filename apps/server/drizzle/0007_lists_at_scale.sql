CREATE TABLE "record_counts" (
	"list" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "record_counts_list_key_pk" PRIMARY KEY("list","key")
);
--> statement-breakpoint
DROP INDEX "leads_nationality_idx";--> statement-breakpoint
DROP INDEX "clients_nationality_idx";--> statement-breakpoint
DROP INDEX "clients_passport_expiry_idx";--> statement-breakpoint
CREATE INDEX "leads_nationality_sort_idx" ON "leads" USING btree (coalesce("nationality", ''),"id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_status_sort_idx" ON "leads" USING btree ("lead_status","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_location_sort_idx" ON "leads" USING btree (coalesce("applicant_location", ''),"id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_desired_visa_sort_idx" ON "leads" USING btree (coalesce("desired_visa", ''),"id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_first_name_prefix_idx" ON "leads" USING btree (lower("first_name") text_pattern_ops) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_last_name_prefix_idx" ON "leads" USING btree (lower("last_name") text_pattern_ops) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_email_prefix_idx" ON "leads" USING btree (lower("email") text_pattern_ops) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contacts_reverted_at_idx" ON "contacts" USING btree ("updated_at") WHERE "contacts"."contact_status" = 'Reverted';--> statement-breakpoint
CREATE INDEX "contacts_first_name_prefix_idx" ON "contacts" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_last_name_prefix_idx" ON "contacts" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_prefix_idx" ON "contacts" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_nationality_sort_idx" ON "clients" USING btree (coalesce("nationality", ''),"id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_passport_expiry_sort_idx" ON "clients" USING btree (coalesce("passport_expiry_date", '-infinity'::date),"id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_status_sort_idx" ON "clients" USING btree ("status","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_location_sort_idx" ON "clients" USING btree (coalesce("applicant_location", ''),"id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_desired_visa_sort_idx" ON "clients" USING btree (coalesce("desired_visa", ''),"id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_first_name_prefix_idx" ON "clients" USING btree (lower("first_name") text_pattern_ops) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_last_name_prefix_idx" ON "clients" USING btree (lower("last_name") text_pattern_ops) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_email_prefix_idx" ON "clients" USING btree (lower("email") text_pattern_ops) WHERE "clients"."deleted_at" is null;