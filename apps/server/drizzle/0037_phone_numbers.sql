CREATE TABLE "phone_number_review" (
	"record_type" text NOT NULL,
	"record_id" uuid NOT NULL,
	"contact_number" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_number_review_record_type_record_id_pk" PRIMARY KEY("record_type","record_id")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_number_digits" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_number_digits" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contact_number_digits" text;--> statement-breakpoint
CREATE INDEX "leads_contact_digits_trgm_idx" ON "leads" USING gin ("contact_number_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_digits_trgm_idx" ON "contacts" USING gin ("contact_number_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_contact_digits_trgm_idx" ON "clients" USING gin ("contact_number_digits" gin_trgm_ops);