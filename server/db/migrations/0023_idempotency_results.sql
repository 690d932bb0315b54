ALTER TABLE "idempotency_keys" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "failure" jsonb;--> statement-breakpoint
-- Keys now keep the service's result, not an HTTP answer: answers kept in the old shape are
-- dropped (a retry of a payment still finds its payment by its key, and is never charged again).
DELETE FROM "idempotency_keys" WHERE "state" = 'done';--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_status";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "response_body";
