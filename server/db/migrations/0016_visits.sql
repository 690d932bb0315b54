CREATE TABLE "doctor_ratings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"outcome" text,
	"notes" text DEFAULT '' NOT NULL,
	"patient_joined_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"missed_at" timestamp with time zone,
	"reminded_day_at" timestamp with time zone,
	"reminded_soon_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_ratings" ADD CONSTRAINT "doctor_ratings_order_id_visits_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."visits"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_open_idx" ON "visits" USING btree ("status") WHERE "visits"."status" in ('scheduled', 'waiting');--> statement-breakpoint
INSERT INTO "visits" ("order_id") SELECT "orders"."id" FROM "orders" JOIN "doctor_slots" ON "doctor_slots"."booked_by_order_id" = "orders"."id" WHERE "orders"."status" IN ('paid', 'in-review') ON CONFLICT DO NOTHING;
