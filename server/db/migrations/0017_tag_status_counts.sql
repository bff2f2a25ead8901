-- Issue 32 §4: tags per store and status, kept by the same statement trigger as the counters of 0013, so a tag list
-- filtered by status takes its recordsFiltered from one row instead of counting the store's tags on every page
-- (repos/tags.ts). Writers are held off until this migration commits, so the counts filled below miss no write
-- made while the function changes.
LOCK TABLE "tags" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tag_status_counts" (
	"store_code" text NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_status_counts_store_code_status_pk" PRIMARY KEY("store_code","status")
);--> statement-breakpoint
-- 0013's function with a fourth table: rows of a store and status are upserted in key order like the others, each
-- table after the one before in every statement, so concurrent writers take the counter rows' locks in one order.
CREATE OR REPLACE FUNCTION "tag_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
	cols constant text := 'store_code, coalesce(tag_type, ''UNKNOWN'') AS tag_type, gw_mac, status,'
		' (operation = 1 AND status NOT IN (''OK'', ''WIP''))::int AS error, (status = ''WIP'')::int AS inprogress,'
		' (batt_status IS NOT DISTINCT FROM ''NG'')::int AS low_battery, (updated_at AT TIME ZONE ''UTC'')::date AS day';
	changes text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF NOT EXISTS (SELECT 1 FROM tag_counts_old) THEN RETURN NULL; END IF;
		changes := format('SELECT %s, -1 AS sign FROM tag_counts_old', cols);
	ELSE
		IF NOT EXISTS (SELECT 1 FROM tag_counts_new) THEN RETURN NULL; END IF;
		changes := format('SELECT %s, 1 AS sign FROM tag_counts_new', cols);
		IF TG_OP = 'UPDATE' THEN
			changes := changes || format(' UNION ALL SELECT %s, -1 AS sign FROM tag_counts_old', cols);
		END IF;
	END IF;
	EXECUTE format($sql$
		WITH d AS MATERIALIZED (%s),
		per_store AS (
			INSERT INTO tag_store_counts AS c (store_code, tag_type, total, error, inprogress, low_battery)
			SELECT store_code, tag_type, sum(sign), sum(sign * error), sum(sign * inprogress), sum(sign * low_battery)
			FROM d GROUP BY store_code, tag_type
			HAVING sum(sign) <> 0 OR sum(sign * error) <> 0 OR sum(sign * inprogress) <> 0 OR sum(sign * low_battery) <> 0
			ORDER BY store_code, tag_type
			ON CONFLICT (store_code, tag_type) DO UPDATE SET total = c.total + excluded.total, error = c.error + excluded.error,
				inprogress = c.inprogress + excluded.inprogress, low_battery = c.low_battery + excluded.low_battery
		),
		per_status AS (
			INSERT INTO tag_status_counts AS c (store_code, status, total)
			SELECT store_code, status, sum(sign) FROM d
			GROUP BY store_code, status HAVING sum(sign) <> 0 ORDER BY store_code, status
			ON CONFLICT (store_code, status) DO UPDATE SET total = c.total + excluded.total
		),
		per_gateway AS (
			INSERT INTO tag_gateway_counts AS c (store_code, gw_mac, total)
			SELECT store_code, gw_mac, sum(sign) FROM d WHERE gw_mac IS NOT NULL
			GROUP BY store_code, gw_mac HAVING sum(sign) <> 0 ORDER BY store_code, gw_mac
			ON CONFLICT (store_code, gw_mac) DO UPDATE SET total = c.total + excluded.total
		)
		INSERT INTO tag_update_days AS c (day, store_code, total)
		SELECT day, store_code, sum(sign) FROM d WHERE day >= (now() AT TIME ZONE 'UTC')::date - 1
		GROUP BY day, store_code HAVING sum(sign) <> 0 ORDER BY day, store_code
		ON CONFLICT (day, store_code) DO UPDATE SET total = c.total + excluded.total
	$sql$, changes);
	RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tag_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	DELETE FROM tag_store_counts;
	DELETE FROM tag_status_counts;
	DELETE FROM tag_gateway_counts;
	DELETE FROM tag_update_days;
	RETURN NULL;
END
$body$;--> statement-breakpoint
-- 0015's function: a deleted store's rows go here too.
CREATE OR REPLACE FUNCTION "tag_counts_forget"() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	DELETE FROM tag_store_counts c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM tag_status_counts c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM tag_gateway_counts c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM tag_update_days c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	RETURN NULL;
END
$body$;--> statement-breakpoint
DELETE FROM "tag_status_counts";--> statement-breakpoint
INSERT INTO "tag_status_counts" ("store_code", "status", "total")
SELECT "store_code", "status", count(*) FROM "tags" GROUP BY 1, 2;
