CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"action" text NOT NULL,
	"target" text,
	"outcome" integer NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "deliveries_kind_item_id_serial_number_pk" PRIMARY KEY("kind","item_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"header" text NOT NULL,
	"body" text NOT NULL,
	"call_to_action" text NOT NULL,
	"market" text NOT NULL,
	"software_version" text DEFAULT 'all' NOT NULL,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"issuer_username" text NOT NULL,
	"issuer_email" text NOT NULL,
	"disposition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"resource_path" text NOT NULL,
	"mime_type" text NOT NULL,
	"begins_on" timestamp with time zone NOT NULL,
	"ends_on" timestamp with time zone NOT NULL,
	"target_type" text DEFAULT 'geographic' NOT NULL,
	"target_family" text NOT NULL,
	"target_country" text NOT NULL,
	"target_region" text,
	"target_city" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_username_idx" ON "audit_log" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","at");--> statement-breakpoint
CREATE INDEX "deliveries_serial_idx" ON "deliveries" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "messages_disposition_issuer_idx" ON "messages" USING btree ("disposition","issuer_username","id");--> statement-breakpoint
CREATE INDEX "messages_disposition_start_idx" ON "messages" USING btree ("disposition","start_date");--> statement-breakpoint
CREATE INDEX "messages_disposition_end_idx" ON "messages" USING btree ("disposition","end_date");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_period_idx" ON "notifications" USING btree ("begins_on","ends_on");--> statement-breakpoint
CREATE INDEX "equipment_place_idx" ON "equipment" USING btree (("geolocation"->>'country_name'),("geolocation"->>'region'),("geolocation"->>'city'));--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);