-- Issue 27: every mail is a row of mail_messages, the queue and the Mail log at once (decision 0026).
CREATE TABLE "mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"record_type" text,
	"record_id" uuid,
	"created_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 6 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"outcome" text,
	"smtp_code" integer
);
--> statement-breakpoint
DROP INDEX "notifications_mail_pending_idx";--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_messages_status_created_idx" ON "mail_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "mail_messages_record_idx" ON "mail_messages" USING btree ("record_type","record_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_search_trgm_idx" ON "mail_messages" USING gin (lower("to_address" || ' ' || "subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" in ('queued', 'retrying');--> statement-breakpoint
-- Issue 27: notification mails not yet sent move to the Mail log, the one queue, before their columns go.
INSERT INTO "mail_messages" ("created_at", "kind", "to_address", "subject", "body", "link", "record_type", "record_id")
SELECT n."created_at", 'notification', u."email", coalesce(n."mail_subject", ''), coalesce(n."mail_text", ''), n."link", 'user', n."user_id"
FROM "notifications" n JOIN "users" u ON u."id" = n."user_id"
WHERE n."mail_status" IN ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "mail_subject";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "mail_text";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "mail_status";