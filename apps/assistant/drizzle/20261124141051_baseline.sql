-- The record of migrations lives in this schema too, so it exists before the first migration runs.
CREATE SCHEMA IF NOT EXISTS "assistant";
--> statement-breakpoint
CREATE TABLE "assistant"."chat_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"query" text NOT NULL,
	"response" text NOT NULL,
	"queue_seconds" double precision NOT NULL,
	"engine_seconds" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant"."chat_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant"."chat_exchanges" ADD CONSTRAINT "chat_exchanges_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "assistant"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_exchanges_session_idx" ON "assistant"."chat_exchanges" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "chat_sessions_created_idx" ON "assistant"."chat_sessions" USING btree ("created_at","id");