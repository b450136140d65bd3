CREATE TABLE "ticket_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"from_name" text NOT NULL,
	"from_email" text,
	"to_name" text NOT NULL,
	"to_email" text NOT NULL,
	"old_ticket_number" text NOT NULL,
	"new_ticket_number" text NOT NULL,
	CONSTRAINT "ticket_transfers_actor_role" CHECK ("ticket_transfers"."actor_role" IN ('buyer', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_cutoff_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_email" text;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_id_at_idx" ON "ticket_transfers" USING btree ("ticket_id","at");--> statement-breakpoint
CREATE INDEX "tickets_holder_email_idx" ON "tickets" USING btree ("holder_email") WHERE "tickets"."holder_email" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_transfer_cutoff_non_negative" CHECK ("events"."transfer_cutoff_hours" >= 0);