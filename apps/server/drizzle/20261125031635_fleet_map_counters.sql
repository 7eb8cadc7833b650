CREATE TABLE "fleet_map_counters" (
	"country_code" text NOT NULL,
	"region" text NOT NULL,
	"shard" smallint NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"connected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fleet_map_counters_country_code_region_shard_pk" PRIMARY KEY("country_code","region","shard")
);
--> statement-breakpoint
-- The fleet map's counters (docs/fleet-map.md). Every change adds to the shard of the writing
-- connection (its backend's id modulo 8); the key of a unit is its country code and its
-- geolocation's region, '' for none.
CREATE FUNCTION "fleet_map_add"(country text, place text, units bigint, connected bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "fleet_map_counters" ("country_code", "region", "shard", "units", "connected")
  VALUES (country, place, pg_backend_pid() % 8, units, connected)
  ON CONFLICT ("country_code", "region", "shard") DO UPDATE
    SET "units" = "fleet_map_counters"."units" + excluded."units",
        "connected" = "fleet_map_counters"."connected" + excluded."connected";
$$;--> statement-breakpoint
-- Counts every unit again (the backfill, and bulk loads made with the triggers off).
CREATE FUNCTION "fleet_map_recount"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "fleet_map_counters";
  INSERT INTO "fleet_map_counters" ("country_code", "region", "shard", "units", "connected")
  SELECT coalesce(e."country_code", ''), coalesce(e."geolocation"->>'region', ''), 0,
         count(*), count(*) FILTER (WHERE l."connected")
  FROM "equipment" e LEFT JOIN "equipment_live" l ON l."equipment_id" = e."id"
  GROUP BY 1, 2;
$$;--> statement-breakpoint
-- New units (one statement may insert thousands): one upsert per key, in key order. Their live row
-- is made offline by trigger, so they add no connected unit.
CREATE FUNCTION "fleet_map_units_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "fleet_map_counters" ("country_code", "region", "shard", "units")
  SELECT coalesce("country_code", ''), coalesce("geolocation"->>'region', ''), pg_backend_pid() % 8, count(*)
  FROM "added_rows" GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("country_code", "region", "shard") DO UPDATE SET "units" = "fleet_map_counters"."units" + excluded."units";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A unit placed somewhere else. Its live row is locked first: a connection changing at the same
-- time then waits and counts where the unit now is, or has counted before and is moved here.
CREATE FUNCTION "fleet_map_unit_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  live integer;
  was_country text := coalesce(OLD."country_code", '');
  was_region text := coalesce(OLD."geolocation"->>'region', '');
  now_country text := coalesce(NEW."country_code", '');
  now_region text := coalesce(NEW."geolocation"->>'region', '');
BEGIN
  SELECT "connected"::int INTO live FROM "equipment_live" WHERE "equipment_id" = NEW."id" FOR SHARE;
  live := coalesce(live, 0);
  -- In key order, as every writer takes counter rows, so two moves cannot wait for each other.
  IF (was_country, was_region) < (now_country, now_region) THEN
    PERFORM "fleet_map_add"(was_country, was_region, -1, -live);
    PERFORM "fleet_map_add"(now_country, now_region, 1, live);
  ELSE
    PERFORM "fleet_map_add"(now_country, now_region, 1, live);
    PERFORM "fleet_map_add"(was_country, was_region, -1, -live);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before the delete: the live row, which the delete cascades to, still says whether it was connected.
CREATE FUNCTION "fleet_map_unit_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE live integer;
BEGIN
  SELECT "connected"::int INTO live FROM "equipment_live" WHERE "equipment_id" = OLD."id" FOR SHARE;
  PERFORM "fleet_map_add"(coalesce(OLD."country_code", ''), coalesce(OLD."geolocation"->>'region', ''), -1, -coalesce(live, 0));
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE FUNCTION "fleet_map_units_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "fleet_map_counters";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "fleet_map_connected_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE country text; place text;
BEGIN
  SELECT coalesce("country_code", ''), coalesce("geolocation"->>'region', '') INTO country, place
  FROM "equipment" WHERE "id" = NEW."equipment_id";
  IF FOUND THEN
    PERFORM "fleet_map_add"(country, place, 0, CASE WHEN NEW."connected" THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "fleet_map_units_added" AFTER INSERT ON "equipment" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_map_units_added"();--> statement-breakpoint
CREATE TRIGGER "fleet_map_unit_moved" AFTER UPDATE OF "country_code", "geolocation" ON "equipment"
  FOR EACH ROW WHEN (coalesce(OLD."country_code", '') IS DISTINCT FROM coalesce(NEW."country_code", '')
    OR coalesce(OLD."geolocation"->>'region', '') IS DISTINCT FROM coalesce(NEW."geolocation"->>'region', ''))
  EXECUTE FUNCTION "fleet_map_unit_moved"();--> statement-breakpoint
CREATE TRIGGER "fleet_map_unit_removed" BEFORE DELETE ON "equipment"
  FOR EACH ROW EXECUTE FUNCTION "fleet_map_unit_removed"();--> statement-breakpoint
CREATE TRIGGER "fleet_map_units_truncated" AFTER TRUNCATE ON "equipment"
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_map_units_truncated"();--> statement-breakpoint
-- A live row is made offline with its unit; one made connected is counted as well.
CREATE TRIGGER "fleet_map_connected_inserted" AFTER INSERT ON "equipment_live"
  FOR EACH ROW WHEN (NEW."connected") EXECUTE FUNCTION "fleet_map_connected_changed"();--> statement-breakpoint
CREATE TRIGGER "fleet_map_connected_updated" AFTER UPDATE OF "connected" ON "equipment_live"
  FOR EACH ROW WHEN (OLD."connected" IS DISTINCT FROM NEW."connected") EXECUTE FUNCTION "fleet_map_connected_changed"();--> statement-breakpoint
SELECT "fleet_map_recount"();
