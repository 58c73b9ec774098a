CREATE TABLE "task_counts" (
	"assigned_to" uuid NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "task_counts_assigned_to_due_date_status_pk" PRIMARY KEY("assigned_to","due_date","status")
);
