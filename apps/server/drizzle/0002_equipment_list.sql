CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_equipment_id_pk" PRIMARY KEY("user_id","equipment_id")
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "version_sort" text GENERATED ALWAYS AS (lpad(split_part(version_semantic, '.', 1), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 2), 6, '0') || '.' || lpad(split_part(version_semantic, '.', 3), 6, '0')) STORED;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_equipment_idx" ON "favorites" USING btree ("equipment_id");--> statement-breakpoint
CREATE INDEX "equipment_serial_number_trgm_idx" ON "equipment" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "equipment_country_code_idx" ON "equipment" USING btree ("country_code","serial_number");--> statement-breakpoint
CREATE INDEX "equipment_family_idx" ON "equipment" USING btree ("family","serial_number");--> statement-breakpoint
CREATE INDEX "equipment_version_prefix_idx" ON "equipment" USING btree ("version_semantic" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "equipment_version_sort_idx" ON "equipment" USING btree ("version_sort","serial_number");--> statement-breakpoint
CREATE INDEX "equipment_created_at_idx" ON "equipment" USING btree ("created_at","serial_number");--> statement-breakpoint
CREATE INDEX "equipment_updated_at_idx" ON "equipment" USING btree ("updated_at","serial_number");--> statement-breakpoint
CREATE INDEX "equipment_alignment_count_idx" ON "equipment" USING btree ("alignment_count");--> statement-breakpoint
CREATE INDEX "equipment_pending_download_idx" ON "equipment" USING btree ("family","pending_software_download");