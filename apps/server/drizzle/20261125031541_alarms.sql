CREATE TABLE "alarm_rule_subscribers" (
	"rule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "alarm_rule_subscribers_rule_id_user_id_pk" PRIMARY KEY("rule_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"condition" jsonb NOT NULL,
	"severity" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evaluated_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"details" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"cleared_by" text
);
--> statement-breakpoint
ALTER TABLE "equipment_live" ADD COLUMN "update_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_rule_subscribers" ADD CONSTRAINT "alarm_rule_subscribers_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_subscribers" ADD CONSTRAINT "alarm_rule_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rule_subscribers_user_idx" ON "alarm_rule_subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_active_idx" ON "alarms" USING btree ("rule_id","equipment_id") WHERE "alarms"."status" = 'active';--> statement-breakpoint
CREATE INDEX "alarms_list_idx" ON "alarms" USING btree ("status","raised_at","id");--> statement-breakpoint
CREATE INDEX "alarms_unacknowledged_idx" ON "alarms" USING btree ("raised_at","id") WHERE "alarms"."status" = 'active' and "alarms"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "alarms_rule_idx" ON "alarms" USING btree ("rule_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarms_equipment_idx" ON "alarms" USING btree ("equipment_id","raised_at");--> statement-breakpoint
CREATE INDEX "equipment_specs_expiration_idx" ON "equipment" USING btree ((((specs_expiration->>'year')::int * 12) + ((specs_expiration->>'month')::int - 1)));--> statement-breakpoint
CREATE INDEX "equipment_live_offline_idx" ON "equipment_live" USING btree ("last_seen_online_at") WHERE not "equipment_live"."connected";--> statement-breakpoint
CREATE INDEX "equipment_live_installing_idx" ON "equipment_live" USING btree ("update_state_at") WHERE "equipment_live"."update_state"->>'state' in ('VALIDATING_UPDATE', 'SYSMAN_RESTART', 'INSTALLING_UPDATE');
--> statement-breakpoint
-- When a unit's update state changes, the time is kept: the install alarm's "installing longer than".
-- The WHEN clause keeps the trigger off every other write of this busy table.
CREATE FUNCTION "equipment_live_update_state_stamped"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_state_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_live_update_state_stamped" BEFORE UPDATE OF "update_state" ON "equipment_live"
  FOR EACH ROW WHEN ((OLD."update_state"->>'state') IS DISTINCT FROM (NEW."update_state"->>'state'))
  EXECUTE FUNCTION "equipment_live_update_state_stamped"();--> statement-breakpoint
-- Units installing at the upgrade are taken to have started now.
UPDATE "equipment_live" SET "update_state_at" = now() WHERE "update_state" IS NOT NULL;
