CREATE TABLE "service_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"default_fees" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_treatment" text DEFAULT 'taxable' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_types_treatment" CHECK ("service_types"."default_treatment" in ('taxable', 'government_charge', 'gst_free'))
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "tax_treatment" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_name_key" ON "service_types" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tax_treatment" CHECK ("services"."tax_treatment" in ('taxable', 'government_charge', 'gst_free'));