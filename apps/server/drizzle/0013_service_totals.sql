CREATE TABLE "service_totals" (
	"currency" text NOT NULL,
	"entity_type" text NOT NULL,
	"service_status" text NOT NULL,
	"payment_status" text NOT NULL,
	"n" bigint NOT NULL,
	"fee" numeric(18, 2) NOT NULL,
	"paid" numeric(18, 2) NOT NULL,
	"due" numeric(18, 2) NOT NULL,
	CONSTRAINT "service_totals_currency_entity_type_service_status_payment_status_pk" PRIMARY KEY("currency","entity_type","service_status","payment_status")
);
