CREATE TABLE "contract_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'General' NOT NULL,
	"description" text,
	"content" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"title" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"additional_client_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"template_id" uuid,
	"content" text DEFAULT '' NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date,
	"signed_date" date,
	"signed_file_key" text,
	"signed_file_name" text,
	"signed_file_type" text,
	"signed_file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contracts_one_record" CHECK (num_nonnulls("contracts"."lead_id", "contracts"."client_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_template_id_contract_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."contract_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_templates_name_idx" ON "contract_templates" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_reference_idx" ON "contracts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_updated_idx" ON "contracts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "contracts_title_idx" ON "contracts" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "contracts_reference_sort_idx" ON "contracts" USING btree ("reference","id");--> statement-breakpoint
CREATE INDEX "contracts_lead_idx" ON "contracts" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin (lower("reference" || ' ' || "title" || ' ' || "client_name" || ' ' || coalesce("client_email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_reference_prefix_idx" ON "contracts" USING btree (lower("reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contracts_title_prefix_idx" ON "contracts" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contracts_name_prefix_idx" ON "contracts" USING btree (lower("client_name") text_pattern_ops);