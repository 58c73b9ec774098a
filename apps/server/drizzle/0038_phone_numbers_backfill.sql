-- Decision 0005 (issue 26): every stored contact number is read again once, by the start-up back-fill in
-- TypeScript (SQL cannot parse phone numbers): it finds the rows without an E.164 number through that
-- column's index, so forgetting it here queues every row. The back-fill rewrites each number it can read
-- to the international form and sets its E.164 number and digits; the ones it cannot read it leaves as
-- they are and lists in phone_number_review for administrators.
UPDATE "leads" SET "contact_number_e164" = NULL WHERE "contact_number_e164" IS NOT NULL;--> statement-breakpoint
UPDATE "clients" SET "contact_number_e164" = NULL WHERE "contact_number_e164" IS NOT NULL;--> statement-breakpoint
UPDATE "contacts" SET "contact_number_e164" = NULL WHERE "contact_number_e164" IS NOT NULL;
