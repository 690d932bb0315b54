-- Order lookup at scale (issue 5, DESIGN §7): trigram search on names and emails, btree on
-- phone digits and date of birth, and keyset paging on (created_at, id) without OFFSET.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_full_name_trgm_idx ON users USING gin (lower(first_name || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (lower(email) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_phone_digits_idx ON users ((regexp_replace(coalesce(phone, ''), '\D', '', 'g')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_date_of_birth_idx ON users (date_of_birth);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_created_keyset_idx ON orders (created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_status_created_idx ON orders (status, created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_order_number_trgm_idx ON orders USING gin (order_number gin_trgm_ops);
