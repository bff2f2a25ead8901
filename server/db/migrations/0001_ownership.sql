-- Channel settings belong to a store (DESIGN.md §3 "Who owns what"): the one system-wide map becomes each
-- store's own copy, so that no company's save changes another's gateways.
ALTER TABLE "gateway_channels" DROP CONSTRAINT "gateway_channels_pkey";--> statement-breakpoint
ALTER TABLE "gateway_channels" ADD COLUMN "store_code" text;--> statement-breakpoint
INSERT INTO "gateway_channels" ("store_code", "gw_index", "data_channel", "event_channel", "updated_at")
	SELECT s."store_code", c."gw_index", c."data_channel", c."event_channel", c."updated_at"
	FROM "stores" s CROSS JOIN "gateway_channels" c WHERE c."store_code" IS NULL;--> statement-breakpoint
DELETE FROM "gateway_channels" WHERE "store_code" IS NULL;--> statement-breakpoint
ALTER TABLE "gateway_channels" ALTER COLUMN "store_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_channels" ADD CONSTRAINT "gateway_channels_store_code_gw_index_pk" PRIMARY KEY ("store_code", "gw_index");--> statement-breakpoint
ALTER TABLE "gateway_channels" ADD CONSTRAINT "gateway_channels_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- A predefined gateway row belongs to the store it was imported for; rows without a store (older imports, or a
-- super administrator's system-wide import) stay null.
ALTER TABLE "predefined_gateways" ADD COLUMN "store_code" text;--> statement-breakpoint
ALTER TABLE "predefined_gateways" ADD CONSTRAINT "predefined_gateways_store_code_stores_store_code_fk" FOREIGN KEY ("store_code") REFERENCES "public"."stores"("store_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "predefined_gateways_store_idx" ON "predefined_gateways" USING btree ("store_code");--> statement-breakpoint
-- Failed logins per (account, address) and per account (OWASP): throttles, never a lock of the account.
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
