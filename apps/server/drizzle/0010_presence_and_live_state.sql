CREATE TABLE "equipment_live" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"session_seq" bigint,
	"connect_count" integer DEFAULT 0 NOT NULL,
	"address" text,
	"port" integer,
	"address_seq" bigint,
	"heartbeat_seconds" integer,
	"last_seen_at" timestamp with time zone,
	"last_seen_online_at" timestamp with time zone,
	"current_procedure" text,
	"procedure_seq" bigint,
	"update_state" jsonb,
	"update_state_seq" bigint,
	"alignment_count" integer DEFAULT 0 NOT NULL,
	"alignment_seq" bigint
);
--> statement-breakpoint
CREATE TABLE "fleet_counters" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"connected" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_live" SET (fillfactor = 80);--> statement-breakpoint
INSERT INTO "equipment_live" ("equipment_id", "connected", "connect_count", "address", "port", "last_seen_at", "last_seen_online_at", "current_procedure", "update_state", "alignment_count")
  SELECT "id", "connected", "connect_count", "address", "port", "last_seen_online_at", "last_seen_online_at", "current_procedure", "update_state", "alignment_count" FROM "equipment";--> statement-breakpoint
INSERT INTO "fleet_counters" ("shard") SELECT generate_series(0, 15);--> statement-breakpoint
UPDATE "fleet_counters" SET "units" = (SELECT count(*) FROM "equipment"), "connected" = (SELECT count(*) FROM "equipment" WHERE "connected") WHERE "shard" = 0;--> statement-breakpoint
DROP TRIGGER "equipment_totals_insert" ON "equipment";--> statement-breakpoint
DROP TRIGGER "equipment_totals_delete" ON "equipment";--> statement-breakpoint
DROP TRIGGER "equipment_totals_truncate" ON "equipment";--> statement-breakpoint
DROP FUNCTION "equipment_totals_added"();--> statement-breakpoint
DROP FUNCTION "equipment_totals_removed"();--> statement-breakpoint
DROP FUNCTION "equipment_totals_truncated"();--> statement-breakpoint
CREATE FUNCTION "equipment_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added bigint;
BEGIN
  INSERT INTO "equipment_live" ("equipment_id") SELECT "id" FROM "added_rows";
  GET DIAGNOSTICS added = ROW_COUNT;
  -- An upsert that inserted nothing leaves the counters alone: no write, no row lock.
  IF added > 0 THEN
    UPDATE "fleet_counters" SET "units" = "units" + added WHERE "shard" = pg_backend_pid() % 16;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "equipment_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE removed bigint;
BEGIN
  SELECT count(*) INTO removed FROM "removed_rows";
  IF removed > 0 THEN
    UPDATE "fleet_counters" SET "units" = "units" - removed WHERE "shard" = pg_backend_pid() % 16;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "equipment_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "fleet_counters" SET "units" = 0, "connected" = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "equipment_live_connected_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta integer := 0;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW."connected" THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD."connected" THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    UPDATE "fleet_counters" SET "connected" = "connected" + delta
      WHERE "shard" = coalesce(NEW."equipment_id", OLD."equipment_id") % 16;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_added" AFTER INSERT ON "equipment" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_added"();--> statement-breakpoint
CREATE TRIGGER "equipment_removed" AFTER DELETE ON "equipment" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_removed"();--> statement-breakpoint
CREATE TRIGGER "equipment_truncated" AFTER TRUNCATE ON "equipment"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_truncated"();--> statement-breakpoint
CREATE TRIGGER "equipment_live_connected_inserted" AFTER INSERT ON "equipment_live"
  FOR EACH ROW WHEN (NEW."connected") EXECUTE FUNCTION "equipment_live_connected_changed"();--> statement-breakpoint
CREATE TRIGGER "equipment_live_connected_updated" AFTER UPDATE OF "connected" ON "equipment_live"
  FOR EACH ROW WHEN (OLD."connected" IS DISTINCT FROM NEW."connected") EXECUTE FUNCTION "equipment_live_connected_changed"();--> statement-breakpoint
CREATE TRIGGER "equipment_live_connected_deleted" AFTER DELETE ON "equipment_live"
  FOR EACH ROW WHEN (OLD."connected") EXECUTE FUNCTION "equipment_live_connected_changed"();--> statement-breakpoint
DROP INDEX "equipment_connected_via_idx";--> statement-breakpoint
DROP INDEX "equipment_connected_idx";--> statement-breakpoint
DROP INDEX "equipment_alignment_count_idx";--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "state_seq" bigint;--> statement-breakpoint
ALTER TABLE "equipment_live" ADD CONSTRAINT "equipment_live_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_live_connected_idx" ON "equipment_live" USING btree ("equipment_id") WHERE "equipment_live"."connected";--> statement-breakpoint
CREATE INDEX "equipment_live_alignment_count_idx" ON "equipment_live" USING btree ("alignment_count");--> statement-breakpoint
DROP TABLE "equipment_totals";--> statement-breakpoint
DROP TABLE "gateway_instances";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "update_state";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "connected";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "connect_count";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "port";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "address";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "current_procedure";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "alignment_count";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "connected_via";--> statement-breakpoint
ALTER TABLE "equipment" DROP COLUMN "last_seen_online_at";