ALTER TABLE "comments" ADD COLUMN "visibility" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "anchor" jsonb;--> statement-breakpoint
ALTER TABLE "item_versions" ADD COLUMN "sent_to_client_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comments_portfolio_idx" ON "comments" USING btree ("portfolio_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "item_history_actor_idx" ON "item_history" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "item_versions_author_idx" ON "item_versions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "items_assignee_idx" ON "items" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "items_author_idx" ON "items" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "portfolios_created_by_idx" ON "portfolios" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "tasks_item_idx" ON "tasks" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by");--> statement-breakpoint
-- What clients wrote was always meant for them; everything else stays internal until staff share it.
UPDATE "comments" SET "visibility" = 'client' WHERE "author_id" IN (SELECT "id" FROM "users" WHERE "role" = 'client');--> statement-breakpoint
-- A version went to the client when an approve-for-client followed it: the newest version before that moment.
UPDATE "item_versions" AS v SET "sent_to_client_at" = h."created_at" FROM "item_history" AS h WHERE h."item_id" = v."item_id" AND h."action" = 'approve-for-client' AND v."number" = (SELECT max(v2."number") FROM "item_versions" AS v2 WHERE v2."item_id" = h."item_id" AND v2."created_at" <= h."created_at");
