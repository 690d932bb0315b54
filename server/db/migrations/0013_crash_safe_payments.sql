CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"charge_id" text,
	"decline_code" text,
	"message" text,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_token" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_charge_unique" ON "sandbox_charges" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_key_unique" ON "payments" USING btree ("gateway_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';