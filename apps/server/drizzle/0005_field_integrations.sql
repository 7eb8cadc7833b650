CREATE TABLE "ez_activations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixture_id" integer NOT NULL,
	"unit_serial_number" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ez_fixtures" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"activation_count" integer DEFAULT 0 NOT NULL,
	"subscription_package" integer DEFAULT 0 NOT NULL,
	"subscription_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ez_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_name" text NOT NULL,
	"target_id" integer NOT NULL,
	"package_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"vendor_key" text NOT NULL,
	"alignment_id" text NOT NULL,
	"tru_point_serial_number" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"calibrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ez_activations" ADD CONSTRAINT "ez_activations_fixture_id_ez_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."ez_fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_api_keys" ADD CONSTRAINT "vendor_api_keys_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ez_activations_fixture_idx" ON "ez_activations" USING btree ("fixture_id","created_at");--> statement-breakpoint
CREATE INDEX "ez_activations_unit_idx" ON "ez_activations" USING btree ("unit_serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "ez_fixtures_serial_number_idx" ON "ez_fixtures" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "ez_fixtures_serial_number_trgm_idx" ON "ez_fixtures" USING gin ("serial_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ez_targets_target_name_idx" ON "ez_targets" USING btree ("target_name");--> statement-breakpoint
CREATE UNIQUE INDEX "ez_targets_target_id_idx" ON "ez_targets" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "pairings_state_created_idx" ON "pairings" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "pairings_state_vendor_idx" ON "pairings" USING btree ("state","vendor","created_at");--> statement-breakpoint
CREATE INDEX "pairings_state_serial_idx" ON "pairings" USING btree ("state","tru_point_serial_number","created_at");--> statement-breakpoint
CREATE INDEX "pairings_vendor_state_idx" ON "pairings" USING btree ("vendor_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pairings_one_active_idx" ON "pairings" USING btree ("tru_point_serial_number") WHERE state = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_api_keys_hash_idx" ON "vendor_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "vendor_api_keys_vendor_idx" ON "vendor_api_keys" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_idx" ON "vendors" USING btree ("name");