CREATE TABLE "equipment_totals" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "equipment_country_family_idx" ON "equipment" USING btree ("country_code","family","serial_number");--> statement-breakpoint
ALTER TABLE "equipment_totals" ADD CONSTRAINT "equipment_totals_single_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "equipment_totals" ("id", "units") SELECT 1, count(*) FROM "equipment";--> statement-breakpoint
CREATE FUNCTION "equipment_totals_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "equipment_totals" SET "units" = "units" + (SELECT count(*) FROM "added_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "equipment_totals_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "equipment_totals" SET "units" = "units" - (SELECT count(*) FROM "removed_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "equipment_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "equipment_totals" SET "units" = 0 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "equipment_totals_insert" AFTER INSERT ON "equipment" REFERENCING NEW TABLE AS "added_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_totals_added"();--> statement-breakpoint
CREATE TRIGGER "equipment_totals_delete" AFTER DELETE ON "equipment" REFERENCING OLD TABLE AS "removed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_totals_removed"();--> statement-breakpoint
CREATE TRIGGER "equipment_totals_truncate" AFTER TRUNCATE ON "equipment"
  FOR EACH STATEMENT EXECUTE FUNCTION "equipment_totals_truncated"();
