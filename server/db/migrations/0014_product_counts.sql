-- Issue 32 §3: the dashboard's product totals per store, kept like the tag counters of 0013 (2 million products of
-- a chain were grouped on every call). Same shape: statement triggers, changed rows summed per key, key order.
CREATE TABLE IF NOT EXISTS "product_store_counts" (
	"store_code" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_update_days" (
	"day" date NOT NULL,
	"store_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_update_days_day_store_code_pk" PRIMARY KEY("day","store_code")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
	cols constant text := 'store_code, (updated_at AT TIME ZONE ''UTC'')::date AS day';
	changes text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF NOT EXISTS (SELECT 1 FROM product_counts_old) THEN RETURN NULL; END IF;
		changes := format('SELECT %s, -1 AS sign FROM product_counts_old', cols);
	ELSE
		IF NOT EXISTS (SELECT 1 FROM product_counts_new) THEN RETURN NULL; END IF;
		changes := format('SELECT %s, 1 AS sign FROM product_counts_new', cols);
		IF TG_OP = 'UPDATE' THEN
			changes := changes || format(' UNION ALL SELECT %s, -1 AS sign FROM product_counts_old', cols);
		END IF;
	END IF;
	EXECUTE format($sql$
		WITH d AS MATERIALIZED (%s),
		per_store AS (
			INSERT INTO product_store_counts AS c (store_code, total)
			SELECT store_code, sum(sign) FROM d GROUP BY store_code HAVING sum(sign) <> 0 ORDER BY store_code
			ON CONFLICT (store_code) DO UPDATE SET total = c.total + excluded.total
		)
		INSERT INTO product_update_days AS c (day, store_code, total)
		SELECT day, store_code, sum(sign) FROM d WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1
		GROUP BY day, store_code HAVING sum(sign) <> 0 ORDER BY day, store_code
		ON CONFLICT (day, store_code) DO UPDATE SET total = c.total + excluded.total
	$sql$, changes);
	RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	DELETE FROM product_store_counts;
	DELETE FROM product_update_days;
	RETURN NULL;
END
$body$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_counts_insert" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS product_counts_new
	FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_counts_update" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS product_counts_old NEW TABLE AS product_counts_new
	FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_counts_delete" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS product_counts_old
	FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_counts_truncate" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_counts_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_clear"();--> statement-breakpoint
DELETE FROM "product_store_counts";--> statement-breakpoint
DELETE FROM "product_update_days";--> statement-breakpoint
INSERT INTO "product_store_counts" ("store_code", "total") SELECT "store_code", count(*) FROM "products" GROUP BY 1;--> statement-breakpoint
INSERT INTO "product_update_days" ("day", "store_code", "total")
SELECT ("updated_at" AT TIME ZONE 'UTC')::date, "store_code", count(*) FROM "products"
WHERE ("updated_at" AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 1 GROUP BY 1, 2;
