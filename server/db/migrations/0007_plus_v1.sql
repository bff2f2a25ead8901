-- Plus v1 shows, sets, timelines, contents and content groups belong to a company (DESIGN.md §3 "Who owns
-- what"); a row without one (older data) is the system's: every company reads it, only role -1 changes it.
ALTER TABLE "v1_shows" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "v1_sets" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "v1_timelines" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "v1_content_groups" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "v1_contents" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "v1_shows" ADD CONSTRAINT "v1_shows_company_code_companies_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("company_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "v1_sets" ADD CONSTRAINT "v1_sets_company_code_companies_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("company_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "v1_timelines" ADD CONSTRAINT "v1_timelines_company_code_companies_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("company_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "v1_content_groups" ADD CONSTRAINT "v1_content_groups_company_code_companies_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("company_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "v1_contents" ADD CONSTRAINT "v1_contents_company_code_companies_company_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("company_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "v1_shows_company_idx" ON "v1_shows" USING btree ("company_code","updated_at");--> statement-breakpoint
CREATE INDEX "v1_sets_company_idx" ON "v1_sets" USING btree ("company_code","updated_at");--> statement-breakpoint
CREATE INDEX "v1_timelines_company_idx" ON "v1_timelines" USING btree ("company_code","updated_at");--> statement-breakpoint
CREATE INDEX "v1_contents_company_idx" ON "v1_contents" USING btree ("company_code","group");
