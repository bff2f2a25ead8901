-- The counters of 0013 and 0014 are keyed by store code without a foreign key, so a deleted store's counter rows —
-- zeros once its tags and products are gone — would outlive it and keep naming it (tests/server/security-findings:
-- no row names a deleted company's stores). When tags or products are deleted and their store no longer exists (the
-- store's delete cascading to them), that store's counter rows go. Triggers of one event fire in name order, so
-- "*_counts_forget" runs after "*_counts_delete" has moved the counters; a trigger on stores would run before the
-- cascades' own statement triggers, which would then write the rows again.
CREATE OR REPLACE FUNCTION "tag_counts_forget"() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	DELETE FROM tag_store_counts c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM tag_gateway_counts c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM tag_update_days c WHERE c.store_code IN (SELECT o.store_code FROM tag_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	RETURN NULL;
END
$body$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_forget"() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
	DELETE FROM product_store_counts c WHERE c.store_code IN (SELECT o.store_code FROM product_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	DELETE FROM product_update_days c WHERE c.store_code IN (SELECT o.store_code FROM product_counts_old o)
		AND NOT EXISTS (SELECT 1 FROM stores s WHERE s.store_code = c.store_code);
	RETURN NULL;
END
$body$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_counts_forget" ON "tags";--> statement-breakpoint
CREATE TRIGGER "tags_counts_forget" AFTER DELETE ON "tags" REFERENCING OLD TABLE AS tag_counts_old
	FOR EACH STATEMENT EXECUTE FUNCTION "tag_counts_forget"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_counts_forget" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_counts_forget" AFTER DELETE ON "products" REFERENCING OLD TABLE AS product_counts_old
	FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_forget"();--> statement-breakpoint
-- Rows of stores deleted before this migration.
DELETE FROM "tag_store_counts" WHERE "store_code" NOT IN (SELECT "store_code" FROM "stores");--> statement-breakpoint
DELETE FROM "tag_gateway_counts" WHERE "store_code" NOT IN (SELECT "store_code" FROM "stores");--> statement-breakpoint
DELETE FROM "tag_update_days" WHERE "store_code" NOT IN (SELECT "store_code" FROM "stores");--> statement-breakpoint
DELETE FROM "product_store_counts" WHERE "store_code" NOT IN (SELECT "store_code" FROM "stores");--> statement-breakpoint
DELETE FROM "product_update_days" WHERE "store_code" NOT IN (SELECT "store_code" FROM "stores");
