-- An OTA job appears in the header's collecting list; the task remembers its item so that stopping either stops both.
-- (0001 was written by hand without a snapshot: 0002's snapshot is the first to include it; nothing of 0001 is repeated here.)
ALTER TABLE "ota_tasks" ADD COLUMN "collecting_item_id" integer;--> statement-breakpoint
ALTER TABLE "ota_tasks" ADD CONSTRAINT "ota_tasks_collecting_item_id_collecting_items_id_fk" FOREIGN KEY ("collecting_item_id") REFERENCES "public"."collecting_items"("id") ON DELETE set null ON UPDATE no action;
