-- The job's round of re-checks walks the active alarms by id (docs/alarms.md).
CREATE INDEX "alarms_active_id_idx" ON "alarms" USING btree ("id") WHERE "alarms"."status" = 'active';
