CREATE TABLE "diagnostic_items" (
	"snapshot_id" integer NOT NULL,
	"item" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"detail" text,
	"payload" jsonb,
	"attachment_id" integer,
	"collected_at" timestamp with time zone,
	CONSTRAINT "diagnostic_items_snapshot_id_item_pk" PRIMARY KEY("snapshot_id","item")
);
--> statement-breakpoint
CREATE TABLE "diagnostic_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"requested_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"summary" text
);
--> statement-breakpoint
ALTER TABLE "diagnostic_items" ADD CONSTRAINT "diagnostic_items_snapshot_id_diagnostic_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."diagnostic_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_items" ADD CONSTRAINT "diagnostic_items_attachment_id_ticket_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."ticket_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_snapshots" ADD CONSTRAINT "diagnostic_snapshots_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostic_snapshots_ticket_idx" ON "diagnostic_snapshots" USING btree ("ticket_id","id");