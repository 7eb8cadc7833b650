ALTER TABLE "messages" ADD COLUMN "view_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "view_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_view_idx" ON "messages" USING btree ("view_id","disposition") WHERE "messages"."view_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_view_idx" ON "notifications" USING btree ("view_id","ends_on") WHERE "notifications"."view_id" is not null;