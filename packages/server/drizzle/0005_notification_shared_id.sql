-- A notification's id is shared by its recipients (one message, one emit to all their rooms): each
-- recipient's copy is keyed by the user and that id.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_id_pk" PRIMARY KEY("user_id","id");
