CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_n_pk" PRIMARY KEY("key","n")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files written before the store existed are on disk under DATA_DIR with the same keys: register them.
INSERT INTO "stored_files" ("key", "size")
  SELECT 'screenshots/' || "file_name", 0 FROM "screen_shots"
  UNION SELECT 'screenshots/' || "thumb_file_name", 0 FROM "screen_shots"
  UNION SELECT 'attachments/' || "file_name", 0 FROM "ticket_attachments"
  UNION SELECT 'attachments/' || "thumb_file_name", 0 FROM "ticket_attachments"
ON CONFLICT DO NOTHING;
