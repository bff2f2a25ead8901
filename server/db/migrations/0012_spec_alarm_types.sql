-- Issue 33.8: console-admin §6 numbers the tag update failure alarm 4 and the low-battery list alarm 5. They were
-- stored as 13 and 14 (and 4/5 meant service abnormal/normal); swap the two pairs in every stored alarm and config.
UPDATE "system_alarms" SET "type" = CASE "type" WHEN 4 THEN 13 WHEN 5 THEN 14 WHEN 13 THEN 4 WHEN 14 THEN 5 END WHERE "type" IN (4, 5, 13, 14);--> statement-breakpoint
UPDATE "gateway_alarm_history" SET "type" = CASE "type" WHEN 4 THEN 13 WHEN 5 THEN 14 WHEN 13 THEN 4 WHEN 14 THEN 5 END WHERE "type" IN (4, 5, 13, 14);--> statement-breakpoint
UPDATE "alarm_config" SET
	"available" = (SELECT coalesce(jsonb_agg(CASE v::int WHEN 4 THEN 13 WHEN 5 THEN 14 WHEN 13 THEN 4 WHEN 14 THEN 5 ELSE v::int END), '[]'::jsonb) FROM jsonb_array_elements_text("available") AS v),
	"content" = (SELECT coalesce(jsonb_object_agg(CASE k WHEN '4' THEN '13' WHEN '5' THEN '14' WHEN '13' THEN '4' WHEN '14' THEN '5' ELSE k END, e.v), '{}'::jsonb) FROM jsonb_each("content") AS e(k, v));
