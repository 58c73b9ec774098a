CREATE SEQUENCE "public"."document_control_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"control_number" text NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"document_version" text DEFAULT '1.0' NOT NULL,
	"description" text,
	"content" text,
	"built_in_key" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_control_number_idx" ON "documents" USING btree ("control_number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_built_in_key_idx" ON "documents" USING btree ("built_in_key");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "documents_updated_idx" ON "documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "documents_title_idx" ON "documents" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin (lower("control_number" || ' ' || "title" || ' ' || coalesce("category", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_number_prefix_idx" ON "documents" USING btree (lower("control_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "documents_title_prefix_idx" ON "documents" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "documents_category_prefix_idx" ON "documents" USING btree (lower(coalesce("category", '')) text_pattern_ops);