CREATE TABLE "rollout_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "rollout_tickets" (
	"rollout_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"wave" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rollout_tickets_rollout_id_ticket_id_pk" PRIMARY KEY("rollout_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "rollout_units" (
	"rollout_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"wave" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"staged_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"reason" text,
	"retry_at" timestamp with time zone,
	CONSTRAINT "rollout_units_rollout_id_serial_number_pk" PRIMARY KEY("rollout_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "rollout_waves" (
	"rollout_id" integer NOT NULL,
	"index" integer NOT NULL,
	"size" integer NOT NULL,
	"success_threshold" real NOT NULL,
	"pause_after" boolean NOT NULL,
	"staged" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"hung" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"ack_staged" integer DEFAULT 0 NOT NULL,
	"ack_errors" integer DEFAULT 0 NOT NULL,
	"ack_tickets" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rollout_waves_rollout_id_index_pk" PRIMARY KEY("rollout_id","index")
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"update_id" integer NOT NULL,
	"semantic" text NOT NULL,
	"target" jsonb NOT NULL,
	"target_label" text NOT NULL,
	"wave_specs" jsonb NOT NULL,
	"thresholds" jsonb NOT NULL,
	"per_day" integer,
	"slots" integer NOT NULL,
	"state" text NOT NULL,
	"current_wave" integer DEFAULT 0 NOT NULL,
	"paused_reason" text,
	"total" integer DEFAULT 0 NOT NULL,
	"baseline_rate" double precision,
	"ticket_watermark" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_id" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rollout_events" ADD CONSTRAINT "rollout_events_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_tickets" ADD CONSTRAINT "rollout_tickets_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_units" ADD CONSTRAINT "rollout_units_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollout_waves" ADD CONSTRAINT "rollout_waves_rollout_id_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollouts" ADD CONSTRAINT "rollouts_update_id_software_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."software_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rollout_events_rollout_idx" ON "rollout_events" USING btree ("rollout_id","at");--> statement-breakpoint
CREATE INDEX "rollout_units_state_idx" ON "rollout_units" USING btree ("rollout_id","state","wave","serial_number");--> statement-breakpoint
CREATE INDEX "rollout_units_serial_idx" ON "rollout_units" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "rollout_units_retry_idx" ON "rollout_units" USING btree ("rollout_id","retry_at") WHERE "rollout_units"."state" = 'offline';--> statement-breakpoint
CREATE INDEX "rollout_units_staged_idx" ON "rollout_units" USING btree ("rollout_id","staged_at");--> statement-breakpoint
CREATE INDEX "rollouts_created_idx" ON "rollouts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rollouts_state_created_idx" ON "rollouts" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "rollouts_active_idx" ON "rollouts" USING btree ("family","state") WHERE "rollouts"."state" in ('running', 'paused');--> statement-breakpoint
CREATE INDEX "saved_views_owner_idx" ON "saved_views" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("name") WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "support_tickets_family_created_idx" ON "support_tickets" USING btree ("family","created_at");