CREATE TABLE "notification_asks" (
	"notification_id" text NOT NULL,
	"item_id" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "notification_asks_notification_id_item_id_pk" PRIMARY KEY("notification_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "notification_asks" ADD CONSTRAINT "notification_asks_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_asks" ADD CONSTRAINT "notification_asks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_asks_item_idx" ON "notification_asks" USING btree ("item_id","status");