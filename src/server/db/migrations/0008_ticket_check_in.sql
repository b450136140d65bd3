CREATE TABLE "device_check_ins" (
	"event_id" uuid NOT NULL,
	"device_check_in_id" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_check_ins_event_id_device_check_in_id_pk" PRIMARY KEY("event_id","device_check_in_id"),
	CONSTRAINT "device_check_ins_result" CHECK ("device_check_ins"."result" IN ('checked-in', 'already', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "device_check_ins" ADD CONSTRAINT "device_check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_check_ins" ADD CONSTRAINT "device_check_ins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_by_profiles_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- tickets checked in before this migration (the demo's past events) get their event's start as check-in time
UPDATE "tickets" SET "checked_in_at" = "events"."start_time" FROM "events" WHERE "events"."id" = "tickets"."event_id" AND "tickets"."is_checked_in" AND "tickets"."checked_in_at" IS NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_checked_in_consistent" CHECK ("tickets"."is_checked_in" = ("tickets"."checked_in_at" IS NOT NULL));