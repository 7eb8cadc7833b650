CREATE TABLE "elevations" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"kind" text NOT NULL,
	"raised_by" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "elevations_open_idx" ON "elevations" USING btree ("serial_number","kind") WHERE "elevations"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "elevations_due_idx" ON "elevations" USING btree ("expires_at") WHERE "elevations"."ended_at" is null;