CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_request_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "audit_log_address_idx" ON "audit_log" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "audit_log_outcome_idx" ON "audit_log" USING btree ("outcome","at");