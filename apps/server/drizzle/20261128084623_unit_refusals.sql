CREATE TABLE "unit_refusals" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"by_reason" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_topic" text NOT NULL,
	"last_reason" text NOT NULL,
	"last_problems" jsonb NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unit_refusals" ADD CONSTRAINT "unit_refusals_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;