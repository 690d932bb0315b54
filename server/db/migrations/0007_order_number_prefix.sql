-- Order lookup by the start of an order number, whatever the case (DESIGN §7): a btree range
-- on lower(order_number). The trigram index also answers it, but every number shares the
-- trigrams of "SF-", so it reads long lists (about 30 ms over 1,000,000 orders).
CREATE INDEX IF NOT EXISTS orders_order_number_lower_prefix_idx ON orders (lower(order_number) text_pattern_ops);
--> statement-breakpoint
-- The planner knows an expression's values only once the table is analyzed: until then it
-- guesses that a prefix matches 0.5 % of the orders and walks them all newest first instead.
ANALYZE orders;
