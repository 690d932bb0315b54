ALTER TABLE "payments" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
-- Payments made before these columns existed name the saved card they used.
UPDATE "payments" SET "card_brand" = "cards"."brand", "card_last4" = "cards"."last4" FROM "cards" WHERE "cards"."id" = "payments"."card_id" AND "payments"."card_brand" IS NULL;
