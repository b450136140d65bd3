ALTER TYPE "public"."payment_status" ADD VALUE 'processing';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'returned';--> statement-breakpoint
ALTER TYPE "public"."payment_attempt_status" ADD VALUE 'processing' BEFORE 'succeeded';--> statement-breakpoint
ALTER TABLE "payment_actions" DROP CONSTRAINT "payment_actions_action";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "offered_methods" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "simulation" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reconciled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_status_created_at_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_action" CHECK ("payment_actions"."action" IN ('extend_due', 'mark_paid', 'refund_paid', 'reconcile', 'retry_refund'));--> statement-breakpoint
-- the method of earlier payments, where it is certain: transfers, and the test provider's simulated card
UPDATE "payments" SET "method" = 'bank_transfer' WHERE "provider"::text = 'bank_transfer';--> statement-breakpoint
UPDATE "payments" SET "method" = 'card' WHERE "provider" = 'test';
