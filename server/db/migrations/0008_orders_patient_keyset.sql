-- Order lookup by patient (DESIGN §7): the orders of the patients a search matched, newest first,
-- read from this index alone (status is included for the placed-order test), so a name shared
-- by a few hundred patients finds its page without reading the orders table.
CREATE INDEX IF NOT EXISTS orders_user_keyset_idx ON orders (user_id, created_at DESC, id DESC) INCLUDE (status);
