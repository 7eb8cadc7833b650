CREATE TABLE "camera_calibration_boards" (
	"calibration_id" integer NOT NULL,
	"side" text NOT NULL,
	"position" integer NOT NULL,
	"serial_number" text NOT NULL,
	CONSTRAINT "camera_calibration_boards_calibration_id_side_position_pk" PRIMARY KEY("calibration_id","side","position")
);
--> statement-breakpoint
CREATE TABLE "connection_rollups" (
	"resolution" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min_connected" integer NOT NULL,
	"max_connected" integer NOT NULL,
	"sum_connected" bigint NOT NULL,
	"samples" integer NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "connection_rollups_resolution_bucket_pk" PRIMARY KEY("resolution","bucket")
);
--> statement-breakpoint
ALTER TABLE "camera_calibration_boards" ADD CONSTRAINT "camera_calibration_boards_calibration_id_camera_calibrations_id_fk" FOREIGN KEY ("calibration_id") REFERENCES "public"."camera_calibrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camera_calibration_boards_serial_trgm_idx" ON "camera_calibration_boards" USING gin ("serial_number" gin_trgm_ops);