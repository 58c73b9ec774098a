CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"service_name" text NOT NULL,
	"service_category" text,
	"service_description" text,
	"service_status" text DEFAULT 'Active' NOT NULL,
	"service_fee" numeric(14, 2),
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"start_date" date,
	"completion_date" date,
	"notes" text,
	"payment_evidence_key" text,
	"tuition_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transferred_from_lead_id" uuid,
	"delete_reason" text,
	"deleted_by" uuid,
	CONSTRAINT "services_one_record" CHECK (num_nonnulls("services"."lead_id", "services"."client_id") = 1),
	CONSTRAINT "services_amounts_not_negative" CHECK ("services"."paid_amount" >= 0 and ("services"."service_fee" is null or "services"."service_fee" >= 0))
);
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_lead_idx" ON "services" USING btree ("lead_id","created_at","id") WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "services_client_idx" ON "services" USING btree ("client_id","created_at","id") WHERE "services"."deleted_at" is null;