ALTER TABLE "equipment_live" ADD COLUMN "death_inferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_live" ADD COLUMN "state_seq" bigint;