CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"manager_user_id" uuid,
	"assistant_manager_user_id" uuid,
	"migration_agent_user_id" uuid,
	"converted_at" timestamp with time zone,
	"lead_status" text DEFAULT 'New Lead Received' NOT NULL,
	"applicant_location" text,
	"desired_visa" text,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"nationality" text,
	"country_of_residence" text,
	"current_visa_subclass" text,
	"visa_expiry_date" date,
	"lead_source" text DEFAULT 'Website' NOT NULL,
	"social_media_platform" text,
	"associate_partner" text,
	"branch_office" text,
	"converted_to_client_id" uuid,
	"status_before_conversion" text,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"deleted_by" uuid,
	"delete_reason" text
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"can_revert_to_lead" boolean DEFAULT true NOT NULL,
	"moved_from_leads_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"owner_user_id" uuid,
	"manager_user_id" uuid,
	"assistant_manager_user_id" uuid,
	"migration_agent_user_id" uuid,
	"contact_status" text DEFAULT 'Active' NOT NULL,
	"original_lead_id" uuid,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"gender" text,
	"date_of_birth" date,
	"nationality" text,
	"marital_status" text,
	"number_of_dependents" text,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"phone" text,
	"street1" text,
	"street2" text,
	"city" text,
	"state_region" text,
	"postal_code" text,
	"country" text,
	"address" text,
	"country_of_residence" text,
	"applicant_location" text,
	"current_visa_subclass" text,
	"passport_number" text,
	"passport_expiry_date" date,
	"visa_applied_for" text,
	"visa_expiry_date" date,
	"lead_source" text,
	"social_media_platform" text,
	"associate_partner" text,
	"branch_office" text,
	"company" text,
	"projects" text DEFAULT '0',
	"revenue" numeric(14, 2),
	"original_lead_status" text,
	"moved_from_leads_reason" text,
	"days_as_lead" integer,
	"last_activity_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assistant_manager_user_id_users_id_fk" FOREIGN KEY ("assistant_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_migration_agent_user_id_users_id_fk" FOREIGN KEY ("migration_agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assistant_manager_user_id_users_id_fk" FOREIGN KEY ("assistant_manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_migration_agent_user_id_users_id_fk" FOREIGN KEY ("migration_agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin (lower("first_name" || ' ' || coalesce("middle_name" || ' ', '') || "last_name" || ' ' || "email" || ' ' || "contact_number") gin_trgm_ops) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_live_uq" ON "leads" USING btree (lower("email")) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_contact_digits_idx" ON "leads" USING btree (regexp_replace("contact_number", '[^0-9]', '', 'g')) WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_updated_idx" ON "leads" USING btree ("updated_at","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_first_name_idx" ON "leads" USING btree ("first_name","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_last_name_idx" ON "leads" USING btree ("last_name","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_nationality_idx" ON "leads" USING btree ("nationality","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("lead_status","created_at","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_location_created_idx" ON "leads" USING btree ("applicant_location","created_at","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_desired_visa_created_idx" ON "leads" USING btree ("desired_visa","created_at","id") WHERE "leads"."deleted_at" is null and "leads"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "leads_converted_at_idx" ON "leads" USING btree ("converted_at") WHERE "leads"."converted_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_deleted_at_idx" ON "leads" USING btree ("deleted_at") WHERE "leads"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "leads_created_by_idx" ON "leads" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "leads_manager_idx" ON "leads" USING btree ("manager_user_id");--> statement-breakpoint
CREATE INDEX "leads_assistant_manager_idx" ON "leads" USING btree ("assistant_manager_user_id");--> statement-breakpoint
CREATE INDEX "leads_migration_agent_idx" ON "leads" USING btree ("migration_agent_user_id");--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (lower("first_name" || ' ' || coalesce("middle_name" || ' ', '') || "last_name" || ' ' || "email" || ' ' || "contact_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_moved_at_idx" ON "contacts" USING btree ("moved_from_leads_at","id");--> statement-breakpoint
CREATE INDEX "contacts_status_idx" ON "contacts" USING btree ("contact_status");--> statement-breakpoint
CREATE INDEX "contacts_original_lead_idx" ON "contacts" USING btree ("original_lead_id");--> statement-breakpoint
CREATE INDEX "contacts_owner_idx" ON "contacts" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "contacts_created_by_idx" ON "contacts" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "contacts_manager_idx" ON "contacts" USING btree ("manager_user_id");--> statement-breakpoint
CREATE INDEX "contacts_assistant_manager_idx" ON "contacts" USING btree ("assistant_manager_user_id");--> statement-breakpoint
CREATE INDEX "contacts_migration_agent_idx" ON "contacts" USING btree ("migration_agent_user_id");