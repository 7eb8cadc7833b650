DROP INDEX "equipment_version_prefix_idx";--> statement-breakpoint
CREATE INDEX "equipment_version_prefix_idx" ON "equipment" USING btree ("version_semantic" text_pattern_ops,"serial_number");