-- The serial trigram indexes move to lower(serial_number): on the bare column PostgreSQL served a
-- plain equality look-up by serial from the trigram index (22 ms at 4,000 units) instead of the
-- unique index (0.05 ms). Searches by serial now use lower(serial_number) like lower(pattern).
DROP INDEX "equipment_serial_number_trgm_idx";--> statement-breakpoint
DROP INDEX "support_tickets_serial_trgm_idx";--> statement-breakpoint
DROP INDEX "ez_fixtures_serial_number_trgm_idx";--> statement-breakpoint
DROP INDEX "camera_calibration_boards_serial_trgm_idx";--> statement-breakpoint
CREATE INDEX "equipment_serial_number_trgm_idx" ON "equipment" USING gin (lower("serial_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_serial_trgm_idx" ON "support_tickets" USING gin (lower("serial_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ez_fixtures_serial_number_trgm_idx" ON "ez_fixtures" USING gin (lower("serial_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "camera_calibration_boards_serial_trgm_idx" ON "camera_calibration_boards" USING gin (lower("serial_number") gin_trgm_ops);