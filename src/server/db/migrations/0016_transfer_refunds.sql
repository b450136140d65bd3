CREATE TABLE "payment_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_actions_action" CHECK ("payment_actions"."action" IN ('extend_due', 'mark_paid', 'refund_paid'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_iban" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_name" text;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_actions" ADD CONSTRAINT "payment_actions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_actions_booking_id_idx" ON "payment_actions" USING btree ("booking_id");