CREATE TABLE "mail_rule_sends" (
	"rule_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"to" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_rule_sends_rule_id_ticket_id_pk" PRIMARY KEY("rule_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "mail_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid,
	"overrides_rule_id" uuid,
	"name" text NOT NULL,
	"trigger" text NOT NULL,
	"offset_minutes" integer NOT NULL,
	"audience" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attach_ticket" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_rules_trigger" CHECK ("mail_rules"."trigger" IN ('before_start', 'after_end')),
	CONSTRAINT "mail_rules_audience" CHECK ("mail_rules"."audience" IN ('active', 'checked_in', 'not_checked_in')),
	CONSTRAINT "mail_rules_offset_range" CHECK ("mail_rules"."offset_minutes" BETWEEN 0 AND 129600),
	CONSTRAINT "mail_rules_override_has_event" CHECK ("mail_rules"."overrides_rule_id" IS NULL OR "mail_rules"."event_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "participant_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"actor_id" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_participants" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_decision_hours" integer DEFAULT 168 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_warning_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "min_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_rule_sends" ADD CONSTRAINT "mail_rule_sends_rule_id_mail_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."mail_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rule_sends" ADD CONSTRAINT "mail_rule_sends_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rule_sends" ADD CONSTRAINT "mail_rule_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_rules" ADD CONSTRAINT "mail_rules_overrides_rule_id_mail_rules_id_fk" FOREIGN KEY ("overrides_rule_id") REFERENCES "public"."mail_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_messages" ADD CONSTRAINT "participant_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_messages" ADD CONSTRAINT "participant_messages_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_rule_sends_rule_sent_idx" ON "mail_rule_sends" USING btree ("rule_id","sent_at");--> statement-breakpoint
CREATE INDEX "mail_rules_event_id_idx" ON "mail_rules" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_rules_one_override_idx" ON "mail_rules" USING btree ("event_id","overrides_rule_id") WHERE "mail_rules"."overrides_rule_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "participant_messages_event_idx" ON "participant_messages" USING btree ("event_id","created_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_min_participants_positive" CHECK ("events"."min_participants" IS NULL OR "events"."min_participants" > 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_min_decision_hours_range" CHECK ("events"."min_decision_hours" BETWEEN 1 AND 2160);--> statement-breakpoint
-- The shipped rules (docs/product/event-mails.md#default-rules): a reminder two days before, a thank-you the day
-- after (off). Written once here, so an admin who deletes one does not get it back.
INSERT INTO "mail_rules" ("name", "trigger", "offset_minutes", "audience", "subject", "body", "attach_ticket", "enabled") VALUES
('Erinnerung 2 Tage vorher', 'before_start', 2880, 'active', 'Bald geht’s los: {event}',
 E'Hallo {vorname},\n\nin zwei Tagen ist es so weit: „{event}“ am {datum}, {uhrzeit}.\n\nOrt: {ort}\n{online_link}\n\nBitte komm etwa 15 Minuten vor Beginn, damit wir pünktlich starten können. Dein Ticket (Code {ticket_code}) hängt als PDF an; du findest es auch unter „Meine Tickets“.\n\nWir freuen uns auf dich!',
 true, true),
('Dankeschön am Tag danach', 'after_end', 1440, 'checked_in', 'Danke, dass du bei „{event}“ warst',
 E'Hallo {vorname},\n\nschön, dass du bei „{event}“ dabei warst! Wir hoffen, du nimmst etwas für deinen Alltag mit.\n\nWenn du magst, antworte einfach auf diese E-Mail und erzähl uns, wie es dir gefallen hat.',
 false, false);
