-- A notification is one row whatever its audience (`recipients`); what each recipient did with it (read,
-- archived) is a row of `notification_states`, written when they do it. The copies of 0005 (one per
-- recipient, sharing an id) become one row per id; a copy that was read or archived keeps that state.
CREATE TABLE "notification_states" (
	"user_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_states_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
INSERT INTO "notification_states" ("user_id", "notification_id", "read", "archived")
	SELECT "user_id", "id", "read", "archived" FROM "notifications" WHERE "read" OR "archived";
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" text NOT NULL,
	"recipients" text[] NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "notification_messages" ("id", "recipients", "title", "content", "payload", "created_at")
	SELECT "id", array_agg("user_id" ORDER BY "user_id"), min("title"), min("content"), (array_agg("payload"))[1], min("created_at")
	FROM "notifications" GROUP BY "id";
--> statement-breakpoint
DROP TABLE "notifications";--> statement-breakpoint
ALTER TABLE "notification_messages" RENAME TO "notifications";--> statement-breakpoint
ALTER TABLE "notifications" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_states" ADD CONSTRAINT "notification_states_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipients_idx" ON "notifications" USING gin ("recipients") WITH (fastupdate=false);
