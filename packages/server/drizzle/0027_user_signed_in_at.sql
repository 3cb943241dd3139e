ALTER TABLE "users" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before invitations existed are taken as already in use (no «Reenviar invitación» on them).
UPDATE "users" SET "signed_in_at" = "created_at";