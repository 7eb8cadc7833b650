ALTER TABLE "spec_deliveries" ADD COLUMN "taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staged_updates" ADD COLUMN "told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staged_updates" ADD COLUMN "tell_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "staged_updates_untold_idx" ON "staged_updates" USING btree ("told_at") WHERE not "staged_updates"."tell_taken";