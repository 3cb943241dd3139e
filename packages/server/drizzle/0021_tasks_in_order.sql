DROP INDEX "tasks_portfolio_status_idx";--> statement-breakpoint
CREATE INDEX "tasks_portfolio_idx" ON "tasks" USING btree ("portfolio_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_portfolio_status_idx" ON "tasks" USING btree ("portfolio_id","status","created_at","id");