-- The staff patient list with no search text, newest first, keyset paged.
CREATE INDEX IF NOT EXISTS users_patients_created_idx ON users (created_at DESC, id DESC) WHERE role = 'patient';
--> statement-breakpoint
-- The staff order list sorted by total, keyset paged.
CREATE INDEX IF NOT EXISTS orders_total_keyset_idx ON orders (total_cents DESC, id DESC);
