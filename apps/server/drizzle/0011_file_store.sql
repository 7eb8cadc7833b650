CREATE TABLE "outbox_mails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"recipients" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"backend" text NOT NULL,
	"size" bigint,
	"sha256" text,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Releases published before the file store get their package_files when an instance that has
-- their UPDATES_DIR folder starts (PackageFiles.importOlder): SQL cannot read the files.
CREATE TABLE "package_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"software_update_id" integer,
	"spec_update_id" integer,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	CONSTRAINT "package_files_one_owner" CHECK (num_nonnulls("package_files"."software_update_id", "package_files"."spec_update_id") = 1)
);
--> statement-breakpoint
-- Chunks hold PNG, JPEG and package images, which are compressed already: stored out of line
-- without a compression attempt, and a range read slices them without decompressing.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Files written before the file store keep their place under DATA_DIR (the disk back end's
-- root) and are registered here; their size and checksum were never recorded.
ALTER TABLE "screen_shots" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "screen_shots" ADD COLUMN "thumb_key" text;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD COLUMN "thumb_key" text;--> statement-breakpoint
UPDATE "screen_shots" SET "image_key" = 'screenshots/' || "file_name", "thumb_key" = 'screenshots/' || "thumb_file_name";--> statement-breakpoint
UPDATE "ticket_attachments" SET "file_key" = 'attachments/' || "file_name", "thumb_key" = 'attachments/' || "thumb_file_name";--> statement-breakpoint
INSERT INTO "stored_files" ("key", "backend", "size", "content_type", "created_at")
  SELECT "image_key", 'disk', NULL::bigint, 'image/png', "created_at" FROM "screen_shots"
  UNION ALL SELECT "thumb_key", 'disk', NULL::bigint, 'image/png', "created_at" FROM "screen_shots"
  UNION ALL SELECT "file_key", 'disk', "size"::bigint, "mime_type", "created_at" FROM "ticket_attachments"
  UNION ALL SELECT "thumb_key", 'disk', NULL::bigint, "mime_type", "created_at" FROM "ticket_attachments"
  ON CONFLICT ("key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "screen_shots" ALTER COLUMN "image_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "screen_shots" ALTER COLUMN "thumb_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "file_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ALTER COLUMN "thumb_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD CONSTRAINT "outbox_mails_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_software_update_id_software_updates_id_fk" FOREIGN KEY ("software_update_id") REFERENCES "public"."software_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_spec_update_id_spec_updates_id_fk" FOREIGN KEY ("spec_update_id") REFERENCES "public"."spec_updates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_files" ADD CONSTRAINT "package_files_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_mails_file_key_idx" ON "outbox_mails" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "outbox_mails_created_idx" ON "outbox_mails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "package_files_software_name_idx" ON "package_files" USING btree ("software_update_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "package_files_spec_name_idx" ON "package_files" USING btree ("spec_update_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "package_files_file_key_idx" ON "package_files" USING btree ("file_key");--> statement-breakpoint
ALTER TABLE "screen_shots" ADD CONSTRAINT "screen_shots_image_key_stored_files_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_shots" ADD CONSTRAINT "screen_shots_thumb_key_stored_files_key_fk" FOREIGN KEY ("thumb_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_thumb_key_stored_files_key_fk" FOREIGN KEY ("thumb_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screen_shots_image_key_idx" ON "screen_shots" USING btree ("image_key");--> statement-breakpoint
CREATE UNIQUE INDEX "screen_shots_thumb_key_idx" ON "screen_shots" USING btree ("thumb_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_file_key_idx" ON "ticket_attachments" USING btree ("file_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_attachments_thumb_key_idx" ON "ticket_attachments" USING btree ("thumb_key");--> statement-breakpoint
ALTER TABLE "screen_shots" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "screen_shots" DROP COLUMN "thumb_file_name";--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "ticket_attachments" DROP COLUMN "thumb_file_name";