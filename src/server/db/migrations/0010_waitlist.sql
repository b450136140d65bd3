CREATE TYPE "public"."waitlist_entry_status" AS ENUM('waiting', 'offered', 'booked', 'declined', 'expired', 'left', 'removed');--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"profile_id" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"seats" integer NOT NULL,
	"status" "waitlist_entry_status" DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"booking_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_quantity_positive" CHECK ("waitlist_entries"."quantity" > 0),
	CONSTRAINT "waitlist_entries_seats_positive" CHECK ("waitlist_entries"."seats" > 0),
	CONSTRAINT "waitlist_entries_offer_complete" CHECK ("waitlist_entries"."status" <> 'offered' OR ("waitlist_entries"."offered_at" IS NOT NULL AND "waitlist_entries"."offer_expires_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "waitlist_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_person_idx" ON "waitlist_entries" USING btree ("event_id","profile_id") WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_event_order_idx" ON "waitlist_entries" USING btree ("event_id","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_waitlist_offer_hours_range" CHECK ("events"."waitlist_offer_hours" BETWEEN 1 AND 168);