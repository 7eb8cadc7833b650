CREATE TABLE "release_roots" (
	"version" integer PRIMARY KEY NOT NULL,
	"metadata" jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "software_updates" ADD COLUMN "release_metadata" jsonb;--> statement-breakpoint
ALTER TABLE "spec_updates" ADD COLUMN "release_metadata" jsonb;