CREATE TABLE "invoice_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"apply_tax" boolean DEFAULT true NOT NULL,
	"company_name" text,
	"company_address" text,
	"company_abn" text,
	"logo_key" text,
	"built_in" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_templates_created_idx" ON "invoice_templates" USING btree ("created_at","id") WHERE "invoice_templates"."deleted_at" is null;--> statement-breakpoint
-- Spec 3 §3: the four built-in presets.
INSERT INTO "invoice_templates" ("name", "description", "currency", "apply_tax", "built_in") VALUES
  ('Australian Standard', 'AUD with GST (10%): a tax invoice', 'AUD', true, true),
  ('Australian No GST', 'AUD without GST', 'AUD', false, true),
  ('Philippine Standard', 'PHP without tax', 'PHP', false, true),
  ('Philippine Custom', 'PHP with VAT (12%) when it applies', 'PHP', true, true);
