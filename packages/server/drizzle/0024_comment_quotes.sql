ALTER TABLE "comments" ADD COLUMN "suggestion" jsonb;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "suggestion_state" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_resolved_by_idx" ON "comments" USING btree ("resolved_by") WHERE "comments"."resolved_by" is not null;