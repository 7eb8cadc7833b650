CREATE TABLE "unit_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"claim_token_hash" text NOT NULL,
	"address" text,
	"country_code" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "unit_claims_claim_token_hash_unique" UNIQUE("claim_token_hash")
);
--> statement-breakpoint
CREATE INDEX "unit_claims_status_requested_idx" ON "unit_claims" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "unit_claims_serial_status_idx" ON "unit_claims" USING btree ("serial_number","status");