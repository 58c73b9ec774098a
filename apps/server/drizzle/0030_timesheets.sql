CREATE TABLE "timesheet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"task_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "timesheet_entries_hours_bounds" CHECK ("timesheet_entries"."hours" >= 0.25 and "timesheet_entries"."hours" <= 24),
	CONSTRAINT "timesheet_entries_one_record" CHECK (num_nonnulls("timesheet_entries"."lead_id", "timesheet_entries"."client_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "timesheet_weeks_user_id_week_start_pk" PRIMARY KEY("user_id","week_start"),
	CONSTRAINT "timesheet_weeks_monday" CHECK (extract(isodow from "timesheet_weeks"."week_start") = 1),
	CONSTRAINT "timesheet_weeks_status" CHECK ("timesheet_weeks"."status" in ('draft', 'submitted', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_task_id_task_notes_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."task_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_entries_user_date_idx" ON "timesheet_entries" USING btree ("user_id","entry_date");--> statement-breakpoint
CREATE INDEX "timesheet_entries_date_idx" ON "timesheet_entries" USING btree ("entry_date");--> statement-breakpoint
CREATE INDEX "timesheet_entries_lead_idx" ON "timesheet_entries" USING btree ("lead_id") WHERE "timesheet_entries"."lead_id" is not null;--> statement-breakpoint
CREATE INDEX "timesheet_entries_client_idx" ON "timesheet_entries" USING btree ("client_id") WHERE "timesheet_entries"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "timesheet_weeks_submitted_idx" ON "timesheet_weeks" USING btree ("week_start") WHERE "timesheet_weeks"."status" = 'submitted';