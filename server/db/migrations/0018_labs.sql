CREATE TABLE "lab_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requisition_number" text NOT NULL,
	"patient_id" uuid NOT NULL,
	"storefront_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"visit_order_id" uuid,
	"tests" jsonb NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"requisition_key" text NOT NULL,
	"result_key" text,
	"result_values" jsonb,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_at" timestamp with time zone,
	"resulted_at" timestamp with time zone,
	CONSTRAINT "lab_orders_requisition_number_unique" UNIQUE("requisition_number"),
	CONSTRAINT "lab_orders_requisition_key_unique" UNIQUE("requisition_key"),
	CONSTRAINT "lab_orders_result_key_unique" UNIQUE("result_key")
);
--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_storefront_id_storefronts_id_fk" FOREIGN KEY ("storefront_id") REFERENCES "public"."storefronts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_orders" ADD CONSTRAINT "lab_orders_visit_order_id_orders_id_fk" FOREIGN KEY ("visit_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_orders_patient_idx" ON "lab_orders" USING btree ("patient_id","ordered_at");