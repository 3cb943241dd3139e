DROP INDEX "notion_syncs_portfolio_idx";--> statement-breakpoint
CREATE INDEX "notion_syncs_portfolio_idx" ON "notion_syncs" USING btree ("portfolio_id","updated_at");