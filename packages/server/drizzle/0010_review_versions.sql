ALTER TABLE "item_history" ADD COLUMN "version_number" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "version_author_id" text;--> statement-breakpoint
ALTER TABLE "portfolios" ADD COLUMN "allow_self_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Pieces written before: the current version's author, read from the version itself.
UPDATE "items" SET "version_author_id" = v."author_id" FROM "item_versions" v WHERE v."item_id" = "items"."id" AND v."number" = "items"."current_version";
