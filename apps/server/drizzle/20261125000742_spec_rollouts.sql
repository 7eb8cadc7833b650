ALTER TABLE "rollouts" ALTER COLUMN "update_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "payload" text DEFAULT 'software' NOT NULL;--> statement-breakpoint
ALTER TABLE "rollouts" ADD COLUMN "spec_update_id" integer;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_spec_update_id_spec_updates_id_fk" FOREIGN KEY ("spec_update_id") REFERENCES "public"."spec_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollouts_spec_idx" ON "rollouts" USING btree ("spec_update_id") WHERE "rollouts"."spec_update_id" is not null;