CREATE TABLE "scheduled_stages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"update_id" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"outcome" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"kind" text NOT NULL,
	"serial_number" text NOT NULL,
	"slot_age_minutes" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_samples" (
	"family" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"connected" integer NOT NULL,
	"at_current_version" integer NOT NULL,
	"connections" integer NOT NULL,
	"slots_used" integer NOT NULL,
	CONSTRAINT "scheduler_samples_family_hour_pk" PRIMARY KEY("family","hour")
);
--> statement-breakpoint
CREATE TABLE "software_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"semantic" text NOT NULL,
	"meta" text,
	"prerequisite" text,
	"path" text NOT NULL,
	"files" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spec_deliveries" (
	"serial_number" text NOT NULL,
	"spec_update_id" integer NOT NULL,
	"told_on_connection" integer NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	CONSTRAINT "spec_deliveries_serial_number_spec_update_id_pk" PRIMARY KEY("serial_number","spec_update_id")
);
--> statement-breakpoint
CREATE TABLE "spec_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"require" text,
	"gtps_require" text,
	"oasis_require" text,
	"active" boolean DEFAULT true NOT NULL,
	"target_family" text DEFAULT 'all' NOT NULL,
	"filter" jsonb NOT NULL,
	"files" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staged_updates" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"update_id" integer NOT NULL,
	"semantic" text NOT NULL,
	"auto_staged" boolean DEFAULT false NOT NULL,
	"staged_at" timestamp with time zone NOT NULL,
	"last_progress_at" timestamp with time zone NOT NULL,
	"progress_key" text,
	"told_on_connection" integer
);
--> statement-breakpoint
CREATE TABLE "update_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"update_id" integer NOT NULL,
	"day" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_stages" ADD CONSTRAINT "scheduled_stages_schedule_id_update_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."update_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_stages" ADD CONSTRAINT "scheduled_stages_update_id_software_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."software_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spec_deliveries" ADD CONSTRAINT "spec_deliveries_spec_update_id_spec_updates_id_fk" FOREIGN KEY ("spec_update_id") REFERENCES "public"."spec_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_updates" ADD CONSTRAINT "staged_updates_update_id_software_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."software_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_schedules" ADD CONSTRAINT "update_schedules_update_id_software_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."software_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_stages_due_idx" ON "scheduled_stages" USING btree ("run_at") WHERE "scheduled_stages"."done_at" is null;--> statement-breakpoint
CREATE INDEX "scheduled_stages_run_at_idx" ON "scheduled_stages" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "scheduled_stages_serial_idx" ON "scheduled_stages" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "scheduler_events_family_at_idx" ON "scheduler_events" USING btree ("family","at");--> statement-breakpoint
CREATE INDEX "scheduler_events_serial_idx" ON "scheduler_events" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "software_updates_family_semantic_idx" ON "software_updates" USING btree ("family","semantic");--> statement-breakpoint
CREATE INDEX "software_updates_family_created_idx" ON "software_updates" USING btree ("family","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "spec_updates_path_idx" ON "spec_updates" USING btree ("path");--> statement-breakpoint
CREATE INDEX "spec_updates_created_idx" ON "spec_updates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staged_updates_family_auto_idx" ON "staged_updates" USING btree ("family","auto_staged","last_progress_at");--> statement-breakpoint
CREATE INDEX "staged_updates_update_idx" ON "staged_updates" USING btree ("update_id");