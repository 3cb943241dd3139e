-- The thread's index in the list's order (created_at, then id): a page of a long thread reads its rows from the
-- index instead of sorting the whole thread, whatever the planner's statistics say.
DROP INDEX "comments_entity_idx";--> statement-breakpoint
CREATE INDEX "comments_entity_idx" ON "comments" USING btree ("entity_type","entity_id","created_at","id");