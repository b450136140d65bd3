ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "refunds_status_updated_at_idx" ON "refunds" USING btree ("status","updated_at");