ALTER TABLE "equipment_live" ADD COLUMN "counted_seqs" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
-- Connections counted before: the stored one (a replay of its retained birth must not count again).
UPDATE "equipment_live" SET "counted_seqs" = ARRAY["session_seq"] WHERE "session_seq" IS NOT NULL;