ALTER TABLE "leads" ADD COLUMN "contact_number_e164" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "contact_number_e164" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "contact_number_e164" text;--> statement-breakpoint
CREATE INDEX "leads_contact_e164_idx" ON "leads" USING btree ("contact_number_e164" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_contact_e164_idx" ON "contacts" USING btree ("contact_number_e164" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "clients_contact_e164_idx" ON "clients" USING btree ("contact_number_e164" text_pattern_ops);