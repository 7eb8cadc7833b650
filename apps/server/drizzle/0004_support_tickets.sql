CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"family" text NOT NULL,
	"model" text NOT NULL,
	"version" text NOT NULL,
	"specs" text NOT NULL,
	"connected" boolean NOT NULL,
	"issuer_username" text NOT NULL,
	"issuer_email" text NOT NULL,
	"originator_name" text NOT NULL,
	"originator_email" text NOT NULL,
	"tech_on_site" boolean,
	"exhibiting_now" boolean,
	"reproducible" boolean,
	"disposition" text,
	"in_service" text NOT NULL,
	"components_replaced" text NOT NULL,
	"description" text NOT NULL,
	"circumstance" text NOT NULL,
	"attempted_resolution" text NOT NULL,
	"environment" text NOT NULL,
	"other" text NOT NULL,
	"issue_started_on" text NOT NULL,
	"escalated" boolean DEFAULT true NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"closed_by_username" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_username" text NOT NULL,
	"description" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text NOT NULL,
	"thumb_file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"author_username" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_closed_idx" ON "support_tickets" USING btree ("closed","id");--> statement-breakpoint
CREATE INDEX "support_tickets_issuer_idx" ON "support_tickets" USING btree ("issuer_username","closed","id");--> statement-breakpoint
CREATE INDEX "support_tickets_serial_idx" ON "support_tickets" USING btree ("serial_number","closed");--> statement-breakpoint
CREATE INDEX "support_tickets_serial_trgm_idx" ON "support_tickets" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_idx" ON "ticket_comments" USING btree ("ticket_id","id");