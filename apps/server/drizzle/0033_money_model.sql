CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_number" text NOT NULL,
	"sequence" bigint NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"cancels" boolean NOT NULL,
	"of_tax_invoice" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_amount" numeric(14, 2) NOT NULL,
	"non_taxable_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"apply_tax" boolean NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_issue_date" date NOT NULL,
	"invoice_total" numeric(14, 2) NOT NULL,
	"client_name" text NOT NULL,
	"client_address" text NOT NULL,
	"refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"moved_to_client_credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "credit_notes_amounts" CHECK ("credit_notes"."total" >= 0 and "credit_notes"."tax" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_allocations" (
	"invoice_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoice_allocations_invoice_id_service_id_pk" PRIMARY KEY("invoice_id","service_id"),
	CONSTRAINT "invoice_allocations_amount" CHECK ("invoice_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"client_name" text NOT NULL,
	"invoice_id" uuid,
	"invoice_number" text,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"credit_note_number" text,
	"ledger_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "refunds_amount" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "client_ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ledger_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entry_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" text,
	"reference" text,
	"invoice_id" uuid,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "client_ledger_entries_amount" CHECK ("client_ledger_entries"."amount" > 0),
	CONSTRAINT "client_ledger_entries_kind" CHECK ("client_ledger_entries"."kind" in ('received', 'from_invoice', 'to_invoice', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "client_ledgers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"client_id" uuid,
	"currency" text NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_ledgers_one_record" CHECK (num_nonnulls("client_ledgers"."lead_id", "client_ledgers"."client_id") = 1),
	CONSTRAINT "client_ledgers_not_negative" CHECK ("client_ledgers"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_amounts";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "invoice_paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "ledger_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "payment_kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "earlier_payments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "credited" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "balance_due" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_ledger_id_client_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."client_ledgers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_entries" ADD CONSTRAINT "client_ledger_entries_ledger_id_client_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."client_ledgers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_entries" ADD CONSTRAINT "client_ledger_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_entries" ADD CONSTRAINT "client_ledger_entries_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_entries" ADD CONSTRAINT "client_ledger_entries_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledger_entries" ADD CONSTRAINT "client_ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledgers" ADD CONSTRAINT "client_ledgers_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_ledgers" ADD CONSTRAINT "client_ledgers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_sequence_key" ON "credit_notes" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_created_idx" ON "credit_notes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "credit_notes_issue_idx" ON "credit_notes" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("credit_note_number","id");--> statement-breakpoint
CREATE INDEX "credit_notes_search_idx" ON "credit_notes" USING gin (lower("credit_note_number" || ' ' || "invoice_number" || ' ' || "client_name" || ' ' || "reason") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "credit_notes_number_prefix_idx" ON "credit_notes" USING btree (lower("credit_note_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_prefix_idx" ON "credit_notes" USING btree (lower("invoice_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "credit_notes_client_prefix_idx" ON "credit_notes" USING btree (lower("client_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "invoice_allocations_service_idx" ON "invoice_allocations" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "refunds_date_idx" ON "refunds" USING btree ("refund_date","id");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "refunds_ledger_idx" ON "refunds" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "refunds_search_idx" ON "refunds" USING gin (lower("client_name" || ' ' || coalesce("invoice_number", '') || ' ' || coalesce("credit_note_number", '') || ' ' || coalesce("reference", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_client_prefix_idx" ON "refunds" USING btree (lower("client_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "client_ledger_entries_ledger_idx" ON "client_ledger_entries" USING btree ("ledger_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_ledger_entries_payment_idx" ON "client_ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "client_ledger_entries_invoice_idx" ON "client_ledger_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_ledgers_lead_key" ON "client_ledgers" USING btree ("lead_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "client_ledgers_client_key" ON "client_ledgers" USING btree ("client_id","currency");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_ledger_id_client_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."client_ledgers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_live_key" ON "receipts" USING btree ("payment_id") WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_payment_date_idx" ON "receipts" USING btree ("payment_date","id") WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_number_idx" ON "receipts" USING btree ("receipt_number","id") WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_search_idx" ON "receipts" USING gin (lower("receipt_number" || ' ' || "invoice_number" || ' ' || "client_name") gin_trgm_ops) WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_number_prefix_idx" ON "receipts" USING btree (lower("receipt_number") text_pattern_ops) WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_invoice_prefix_idx" ON "receipts" USING btree (lower("invoice_number") text_pattern_ops) WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receipts_client_prefix_idx" ON "receipts" USING btree (lower("client_name") text_pattern_ops) WHERE "receipts"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_invoice_paid" CHECK ("services"."invoice_paid_amount" >= 0 and "services"."paid_amount" >= "services"."invoice_paid_amount");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_kind" CHECK ("invoice_payments"."kind" in ('payment', 'client_credit'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_money" CHECK ("invoices"."total" >= 0 and "invoices"."amount_paid" >= 0 and "invoices"."credited" >= 0 and "invoices"."amount_paid" + "invoices"."credited" <= "invoices"."total");