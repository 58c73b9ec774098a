CREATE TABLE "task_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"task_type" text NOT NULL,
	"task_name" text,
	"content" text NOT NULL,
	"status" text,
	"priority" text,
	"start_date" date,
	"due_date" date,
	"assigned_to" uuid,
	"transferred_from_lead_id" uuid,
	CONSTRAINT "task_notes_one_record" CHECK (num_nonnulls("task_notes"."lead_id", "task_notes"."client_id") = 1),
	CONSTRAINT "task_notes_note_has_no_task_fields" CHECK ("task_notes"."kind" = 'task' or ("task_notes"."task_name" is null and "task_notes"."status" is null and "task_notes"."assigned_to" is null and "task_notes"."due_date" is null))
);
--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_notes" ADD CONSTRAINT "task_notes_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_notes_lead_idx" ON "task_notes" USING btree ("lead_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_notes_client_idx" ON "task_notes" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_notes_assignee_due_idx" ON "task_notes" USING btree ("assigned_to","due_date","id") WHERE "task_notes"."kind" = 'task';--> statement-breakpoint
CREATE INDEX "task_notes_assignee_lead_idx" ON "task_notes" USING btree ("assigned_to","lead_id") WHERE "task_notes"."assigned_to" is not null;--> statement-breakpoint
CREATE INDEX "task_notes_assignee_client_idx" ON "task_notes" USING btree ("assigned_to","client_id") WHERE "task_notes"."assigned_to" is not null;