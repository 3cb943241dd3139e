CREATE INDEX "items_cycle_publish_desc_idx" ON "items" USING btree ("cycle_id","publish_date" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "items_cycle_title_idx" ON "items" USING btree ("cycle_id","title","id");--> statement-breakpoint
CREATE INDEX "items_cycle_updated_idx" ON "items" USING btree ("cycle_id","updated_at","id");