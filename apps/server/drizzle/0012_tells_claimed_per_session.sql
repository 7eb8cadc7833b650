ALTER TABLE "spec_deliveries" ALTER COLUMN "told_on_connection" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "staged_updates" ALTER COLUMN "told_on_connection" SET DATA TYPE bigint;