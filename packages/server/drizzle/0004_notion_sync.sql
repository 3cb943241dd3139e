CREATE TABLE "notion_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"portfolio_id" text NOT NULL,
	"item_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"blocks_sent" integer DEFAULT 0 NOT NULL,
	"error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notion_syncs" ADD CONSTRAINT "notion_syncs_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notion_syncs" ADD CONSTRAINT "notion_syncs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notion_syncs" ADD CONSTRAINT "notion_syncs_integration_id_portfolio_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."portfolio_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notion_syncs_item_integration_uq" ON "notion_syncs" USING btree ("item_id","integration_id");--> statement-breakpoint
CREATE INDEX "notion_syncs_queue_idx" ON "notion_syncs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "notion_syncs_portfolio_idx" ON "notion_syncs" USING btree ("portfolio_id");