CREATE TABLE "camera_calibrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer,
	"serial_number" text NOT NULL,
	"operator" text NOT NULL,
	"version" text NOT NULL,
	"calibrated_at" timestamp with time zone NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_samples" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"connected" integer NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_credentials" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"family" text NOT NULL,
	"version_semantic" text,
	"version_meta" text,
	"system_class" text,
	"board_class" text,
	"log_level" text,
	"board_features" jsonb,
	"specs" jsonb,
	"specs_expiration" jsonb,
	"target_type" text,
	"pending_software_download" text,
	"update_state" jsonb,
	"connected" boolean DEFAULT false NOT NULL,
	"connect_count" integer DEFAULT 0 NOT NULL,
	"port" integer,
	"address" text,
	"current_procedure" text,
	"alignment_count" integer DEFAULT 0 NOT NULL,
	"geolocation" jsonb,
	"country_code" text,
	"connected_via" text,
	"last_seen_online_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_shots" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"thumb_file_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camera_calibrations" ADD CONSTRAINT "camera_calibrations_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reports" ADD CONSTRAINT "equipment_reports_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_shots" ADD CONSTRAINT "screen_shots_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camera_calibrations_unit_date_idx" ON "camera_calibrations" USING btree ("serial_number","calibrated_at");--> statement-breakpoint
CREATE INDEX "camera_calibrations_calibrated_at_idx" ON "camera_calibrations" USING btree ("calibrated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_number_idx" ON "equipment" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "equipment_connected_via_idx" ON "equipment" USING btree ("connected_via");--> statement-breakpoint
CREATE INDEX "equipment_connected_idx" ON "equipment" USING btree ("connected");--> statement-breakpoint
CREATE INDEX "equipment_reports_latest_idx" ON "equipment_reports" USING btree ("equipment_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "screen_shots_equipment_idx" ON "screen_shots" USING btree ("equipment_id","created_at");