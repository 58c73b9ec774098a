CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_name" text NOT NULL,
	"job_id" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"run_for" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"summary" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "task_reminder_digests" (
	"user_id" uuid NOT NULL,
	"firm_date" date NOT NULL,
	"task_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_reminder_digests_user_id_firm_date_pk" PRIMARY KEY("user_id","firm_date")
);
--> statement-breakpoint
ALTER TABLE "task_reminder_digests" ADD CONSTRAINT "task_reminder_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_name_started_idx" ON "job_runs" USING btree ("job_name","started_at" DESC NULLS LAST);