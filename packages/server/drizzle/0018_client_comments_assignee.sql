DROP INDEX "items_assignee_idx";--> statement-breakpoint
CREATE INDEX "comments_entity_client_idx" ON "comments" USING btree ("entity_type","entity_id","created_at","id") WHERE "comments"."visibility" = 'client';--> statement-breakpoint
CREATE INDEX "comments_portfolio_client_idx" ON "comments" USING btree ("portfolio_id","created_at") WHERE "comments"."visibility" = 'client';--> statement-breakpoint
CREATE INDEX "items_assignee_idx" ON "items" USING btree ("assignee_id","cycle_id");