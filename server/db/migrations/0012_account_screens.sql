CREATE TABLE "consent_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"consent_id" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "intake_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "practice_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "npi" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_refills" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_acceptances" ADD CONSTRAINT "consent_acceptances_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_acceptances_once" ON "consent_acceptances" USING btree ("user_id","consent_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" and "addresses"."removed_at" is null;--> statement-breakpoint
-- Invitations sent before they could expire get the 30 days new ones have.
UPDATE "users" SET "intake_expires_at" = "created_at" + interval '30 days' WHERE "intake_status" = 'invited' AND "intake_expires_at" IS NULL;
