CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"user_id" uuid,
	"manager_user_id" uuid,
	"assistant_manager_user_id" uuid,
	"migration_agent_user_id" uuid,
	"converted_from_lead_id" uuid,
	"converted_at" timestamp with time zone,
	"reverted_at" timestamp with time zone,
	"reverted_by" uuid,
	"status" text DEFAULT 'Active' NOT NULL,
	"applicant_location" text,
	"desired_visa" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"date_of_birth" date,
	"gender" text,
	"nationality" text,
	"marital_status" text,
	"number_of_dependents" text DEFAULT '0' NOT NULL,
	"passport_number" text,
	"passport_expiry_date" date,
	"current_visa_subclass" text,
	"visa_expiry_date" date,
	"street1" text,
	"street2" text,
	"city" text,
	"state_region" text,
	"postal_code" text,
	"country" text,
	"address" text,
	"country_of_residence" text,
	"lead_source" text,
	"social_media_platform" text,
	"associate_partner" text,
	"branch_office" text,
	"spouse_first_name" text,
	"spouse_middle_name" text,
	"spouse_last_name" text,
	"spouse_date_of_birth" date,
	"spouse_nationality" text,
	"spouse_country_of_residence" text,
	"dependents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"company" text,
	"projects" text DEFAULT '0',
	"revenue" numeric(14, 2),
	"conversion_notes" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_assistant_manager_user_id_users_id_fk" FOREIGN KEY ("assistant_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_migration_agent_user_id_users_id_fk" FOREIGN KEY ("migration_agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_converted_from_lead_id_leads_id_fk" FOREIGN KEY ("converted_from_lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin (lower("first_name" || ' ' || coalesce("middle_name" || ' ', '') || "last_name" || ' ' || "email" || ' ' || "contact_number") gin_trgm_ops) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_email_active_uq" ON "clients" USING btree (lower("email")) WHERE "clients"."deleted_at" is null and "clients"."status" <> 'Reverted';--> statement-breakpoint
CREATE INDEX "clients_contact_digits_idx" ON "clients" USING btree (regexp_replace("contact_number", '[^0-9]', '', 'g')) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_updated_idx" ON "clients" USING btree ("updated_at","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_first_name_idx" ON "clients" USING btree ("first_name","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_last_name_idx" ON "clients" USING btree ("last_name","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_nationality_idx" ON "clients" USING btree ("nationality","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_passport_expiry_idx" ON "clients" USING btree ("passport_expiry_date","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_status_created_idx" ON "clients" USING btree ("status","created_at","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_location_created_idx" ON "clients" USING btree ("applicant_location","created_at","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_desired_visa_created_idx" ON "clients" USING btree ("desired_visa","created_at","id") WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_deleted_at_idx" ON "clients" USING btree ("deleted_at") WHERE "clients"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_converted_from_lead_idx" ON "clients" USING btree ("converted_from_lead_id");--> statement-breakpoint
CREATE INDEX "clients_converted_at_idx" ON "clients" USING btree ("converted_at") WHERE "clients"."converted_at" is not null;--> statement-breakpoint
CREATE INDEX "clients_created_by_idx" ON "clients" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "clients_user_idx" ON "clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clients_manager_idx" ON "clients" USING btree ("manager_user_id");--> statement-breakpoint
CREATE INDEX "clients_assistant_manager_idx" ON "clients" USING btree ("assistant_manager_user_id");--> statement-breakpoint
CREATE INDEX "clients_migration_agent_idx" ON "clients" USING btree ("migration_agent_user_id");--> statement-breakpoint
CREATE INDEX "clients_reverted_by_idx" ON "clients" USING btree ("reverted_by");