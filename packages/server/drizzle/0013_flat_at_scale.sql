-- Issue 30: pages read in an index's order, totals and coverage from tallies kept by triggers, one receipt per
-- recipient of a notification. pg_trgm answers the text search (trusted: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "cycle_item_tallies" (
	"cycle_id" text NOT NULL,
	"status" text NOT NULL,
	"format" text NOT NULL,
	"pilar" text NOT NULL,
	"angulo" text NOT NULL,
	"funnel_phase" text NOT NULL,
	"awareness_level" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "cycle_item_tallies_cycle_id_status_format_pilar_angulo_funnel_phase_awareness_level_pk" PRIMARY KEY("cycle_id","status","format","pilar","angulo","funnel_phase","awareness_level")
);--> statement-breakpoint
CREATE TABLE "notification_receipts" (
	"notification_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_receipts_notification_id_user_id_pk" PRIMARY KEY("notification_id","user_id")
);--> statement-breakpoint
ALTER TABLE "cycle_item_tallies" ADD CONSTRAINT "cycle_item_tallies_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_receipts" ADD CONSTRAINT "notification_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every recipient of every notification gets its receipt, with the state it had (none: unread, not archived).
INSERT INTO "notification_receipts" ("notification_id", "user_id", "created_at", "read", "archived")
SELECT n."id", r."user_id", n."created_at", coalesce(s."read", false), coalesce(s."archived", false)
FROM "notifications" n
CROSS JOIN LATERAL unnest(n."recipients") AS r("user_id")
JOIN "users" u ON u."id" = r."user_id"
LEFT JOIN "notification_states" s ON s."notification_id" = n."id" AND s."user_id" = r."user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "notification_states" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "notification_states" CASCADE;--> statement-breakpoint
DROP INDEX "notifications_recipients_idx";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "recipients";--> statement-breakpoint
DROP INDEX "items_cycle_status_idx";--> statement-breakpoint
CREATE INDEX "notification_receipts_box_idx" ON "notification_receipts" USING btree ("user_id","archived","created_at","notification_id");--> statement-breakpoint
CREATE INDEX "notification_receipts_all_idx" ON "notification_receipts" USING btree ("user_id","created_at","notification_id");--> statement-breakpoint
CREATE INDEX "notification_receipts_unread_idx" ON "notification_receipts" USING btree ("user_id") WHERE "notification_receipts"."read" = false and "notification_receipts"."archived" = false;--> statement-breakpoint
CREATE INDEX "items_cycle_publish_idx" ON "items" USING btree ("cycle_id","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_created_idx" ON "items" USING btree ("cycle_id","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_format_idx" ON "items" USING btree ("cycle_id","format","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_pilar_idx" ON "items" USING btree ("cycle_id","pilar","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_angulo_idx" ON "items" USING btree ("cycle_id","angulo","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_funnel_phase_idx" ON "items" USING btree ("cycle_id","funnel_phase","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_awareness_level_idx" ON "items" USING btree ("cycle_id","awareness_level","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_cycle_assignee_id_idx" ON "items" USING btree ("cycle_id","assignee_id","publish_date","created_at","id");--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (("title" || ' ' || "description") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "items_cycle_status_idx" ON "items" USING btree ("cycle_id","status","publish_date","created_at","id");--> statement-breakpoint
-- The tallies of the items there are now.
INSERT INTO "cycle_item_tallies" ("cycle_id", "status", "format", "pilar", "angulo", "funnel_phase", "awareness_level", "n")
SELECT "cycle_id", "status", coalesce("format", ''), coalesce("pilar", ''), coalesce("angulo", ''),
  coalesce("funnel_phase", ''), coalesce("awareness_level", ''), count(*)::int
FROM "items"
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
-- Kept in the same transaction as each write of an item: +1 to the key it has, -1 to the key it had. A key's
-- row is only ever added by an insert (its cycle exists then); a decrement of a key whose cycle is being deleted
-- finds no row and does nothing.
CREATE FUNCTION "cycle_item_tally_add"(c text, s text, f text, p text, a text, fp text, al text, d integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "cycle_item_tallies" AS t ("cycle_id", "status", "format", "pilar", "angulo", "funnel_phase", "awareness_level", "n")
  VALUES (c, s, coalesce(f, ''), coalesce(p, ''), coalesce(a, ''), coalesce(fp, ''), coalesce(al, ''), d)
  ON CONFLICT ("cycle_id", "status", "format", "pilar", "angulo", "funnel_phase", "awareness_level")
  DO UPDATE SET "n" = t."n" + excluded."n"
$$;--> statement-breakpoint
CREATE FUNCTION "cycle_item_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "cycle_item_tallies" SET "n" = "n" - 1
    WHERE "cycle_id" = OLD."cycle_id" AND "status" = OLD."status" AND "format" = coalesce(OLD."format", '')
      AND "pilar" = coalesce(OLD."pilar", '') AND "angulo" = coalesce(OLD."angulo", '')
      AND "funnel_phase" = coalesce(OLD."funnel_phase", '') AND "awareness_level" = coalesce(OLD."awareness_level", '');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM "cycle_item_tally_add"(NEW."cycle_id", NEW."status", NEW."format", NEW."pilar", NEW."angulo",
      NEW."funnel_phase", NEW."awareness_level", 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_tally_insert" AFTER INSERT ON "items" FOR EACH ROW EXECUTE FUNCTION "cycle_item_tally"();--> statement-breakpoint
CREATE TRIGGER "items_tally_delete" AFTER DELETE ON "items" FOR EACH ROW EXECUTE FUNCTION "cycle_item_tally"();--> statement-breakpoint
CREATE TRIGGER "items_tally_update" AFTER UPDATE OF "cycle_id", "status", "format", "pilar", "angulo", "funnel_phase", "awareness_level" ON "items"
FOR EACH ROW WHEN (
  OLD."cycle_id" IS DISTINCT FROM NEW."cycle_id" OR OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."format" IS DISTINCT FROM NEW."format" OR OLD."pilar" IS DISTINCT FROM NEW."pilar"
  OR OLD."angulo" IS DISTINCT FROM NEW."angulo" OR OLD."funnel_phase" IS DISTINCT FROM NEW."funnel_phase"
  OR OLD."awareness_level" IS DISTINCT FROM NEW."awareness_level"
) EXECUTE FUNCTION "cycle_item_tally"();
--> statement-breakpoint
DROP INDEX "comments_portfolio_idx";--> statement-breakpoint
CREATE INDEX "comments_portfolio_idx" ON "comments" USING btree ("portfolio_id","created_at");--> statement-breakpoint
CREATE INDEX "items_portfolio_publish_idx" ON "items" USING btree ("portfolio_id","publish_date","title");--> statement-breakpoint
DROP INDEX "items_portfolio_status_idx";--> statement-breakpoint
CREATE INDEX "items_portfolio_status_idx" ON "items" USING btree ("portfolio_id","status","updated_at");--> statement-breakpoint
ALTER TABLE "item_history" ADD COLUMN "portfolio_id" text;--> statement-breakpoint
UPDATE "item_history" h SET "portfolio_id" = i."portfolio_id" FROM "items" i WHERE i."id" = h."item_id";--> statement-breakpoint
CREATE INDEX "item_history_portfolio_idx" ON "item_history" USING btree ("portfolio_id","created_at");--> statement-breakpoint
-- A history entry is filed under its item's portfolio as it is written.
CREATE FUNCTION "item_history_portfolio"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."portfolio_id" := (SELECT "portfolio_id" FROM "items" WHERE "id" = NEW."item_id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_history_portfolio" BEFORE INSERT ON "item_history" FOR EACH ROW EXECUTE FUNCTION "item_history_portfolio"();--> statement-breakpoint
DROP INDEX "tasks_agent_idx";--> statement-breakpoint
CREATE INDEX "tasks_agent_status_idx" ON "tasks" USING btree ("agent_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_agent_idx" ON "tasks" USING btree ("agent_id","created_at","id");
