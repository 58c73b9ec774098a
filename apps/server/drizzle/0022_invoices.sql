CREATE TABLE "document_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" text NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_address" text NOT NULL,
	"template_id" uuid,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"apply_tax" boolean DEFAULT true NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"items" jsonb NOT NULL,
	"taxable_subtotal" numeric(14, 2) NOT NULL,
	"non_taxable_subtotal" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"amount_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"state" text DEFAULT 'drafts' NOT NULL,
	"payment_date" date,
	"notes" text,
	"terms" text,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"credit_note_number" text,
	"cancel_reason" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_one_record" CHECK (num_nonnulls("invoices"."lead_id", "invoices"."client_id") <= 1),
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" in ('drafts', 'partially_paid', 'paid', 'cancelled')),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."total" >= 0 and "invoices"."amount_paid" >= 0 and "invoices"."amount_paid" <= "invoices"."total")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" text NOT NULL,
	"sequence" bigint NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid,
	"invoice_number" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_address" text NOT NULL,
	"issue_date" date NOT NULL,
	"payment_date" date NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"apply_tax" boolean NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"amount_paid" numeric(14, 2) NOT NULL,
	"notes" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credit_note_key" ON "invoices" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "invoices_created_idx" ON "invoices" USING btree ("created_at","id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_state_created_idx" ON "invoices" USING btree ("state","created_at","id") WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_unpaid_due_idx" ON "invoices" USING btree ("due_date","id") WHERE "invoices"."deleted_at" is null and "invoices"."state" in ('drafts', 'partially_paid');--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (lower("invoice_number" || ' ' || "client_name" || ' ' || coalesce("client_email", '')) gin_trgm_ops) WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_number_prefix_idx" ON "invoices" USING btree (lower("invoice_number") text_pattern_ops) WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_client_prefix_idx" ON "invoices" USING btree (lower("client_name") text_pattern_ops) WHERE "invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "invoices_lead_idx" ON "invoices" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_sequence_key" ON "receipts" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "receipts_created_idx" ON "receipts" USING btree ("created_at","id") WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_invoice_idx" ON "receipts" USING btree ("invoice_id");