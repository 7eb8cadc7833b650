CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"client_id" text,
	"webauthn_challenge" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"totp_secret" text,
	"totp_last_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "amr" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acr" text;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_challenges" ADD CONSTRAINT "second_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "second_factor_challenges_expires_idx" ON "second_factor_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "second_factor_challenges_user_idx" ON "second_factor_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "second_factors_user_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_idx" ON "second_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "unit_claims_address_status_idx" ON "unit_claims" USING btree ("address","status");