-- Issue 32 §3: per-store tag counters kept by the database (schema/tag-counts.ts). The dashboard grouped every tag of
-- the chain on each call (1.1–1.8 s at a million tags); these rows are what it counted, moved by every write to tags.
CREATE TABLE IF NOT EXISTS "tag_store_counts" (
	"store_code" text NOT NULL,
	"tag_type" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" integer DEFAULT 0 NOT NULL,
	"inprogress" integer DEFAULT 0 NOT NULL,
	"low_battery" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_store_counts_store_code_tag_type_pk" PRIMARY KEY("store_code","tag_type")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tag_gateway_counts" (
	"store_code" text NOT NULL,
	"gw_mac" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_gateway_counts_store_code_gw_mac_pk" PRIMARY KEY("store_code","gw_mac")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tag_update_days" (
	"day" date NOT NULL,
	"store_code" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_update_days_day_store_code_pk" PRIMARY KEY("day","store_code")
);--> statement-breakpoint
-- One function for the three statement triggers. Each changed tag is a row leaving its counts (-1, the old row) and
-- entering them (+1, the new row); summed per key, a tag whose counted columns did not change cancels out and costs
-- no write (the simulator's battery and signal updates). One statement for the three tables reads the changed rows
-- once; rows are upserted in key order, so concurrent writers lock the counters in the same order.
CREATE OR REPLACE FUNCTION "tag_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
	cols constant text := 'store_code, coalesce(tag_type, ''UNKNOWN'') AS tag_type, gw_mac,'
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
	DELETE FROM tag_gateway_counts;
	DELETE FROM tag_update_days;
	RETURN NULL;
END
$body$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_counts_insert" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_counts_insert" AFTER INSERT ON "tags" REFERENCING NEW TABLE AS tag_counts_new
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_counts_update" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_counts_update" AFTER UPDATE ON "tags" REFERENCING OLD TABLE AS tag_counts_old NEW TABLE AS tag_counts_new
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_counts_delete" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_counts_delete" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS tag_counts_old
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_follow"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_counts_truncate" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_counts_truncate" AFTER TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_clear"();--> statement-breakpoint
-- The counts of the tags already there, after the triggers exist: CREATE TRIGGER locks tags against writes until the
-- migration commits, so none is counted twice or missed.
DELETE FROM "tag_store_counts";--> statement-breakpoint
DELETE FROM "tag_gateway_counts";--> statement-breakpoint
DELETE FROM "tag_update_days";--> statement-breakpoint
INSERT INTO "tag_store_counts" ("store_code", "tag_type", "total", "error", "inprogress", "low_battery")
SELECT "store_code", coalesce("tag_type", 'UNKNOWN'), count(*),
	count(*) FILTER (WHERE "operation" = 1 AND "status" NOT IN ('OK', 'WIP')), count(*) FILTER (WHERE "status" = 'WIP'),
	count(*) FILTER (WHERE "batt_status" = 'NG')
FROM "tags" GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "tag_gateway_counts" ("store_code", "gw_mac", "total")
SELECT "store_code", "gw_mac", count(*) FROM "tags" WHERE "gw_mac" IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "tag_update_days" ("day", "store_code", "total")
SELECT ("updated_at" AT TIME ZONE 'UTC')::date, "store_code", count(*) FROM "tags"
WHERE ("updated_at" AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE 'UTC')::date - 1 GROUP BY 1, 2;
