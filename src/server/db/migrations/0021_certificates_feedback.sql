CREATE TABLE "certificate_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"topics" text DEFAULT '' NOT NULL,
	"amount" numeric(6, 2),
	"unit" text DEFAULT 'ue' NOT NULL,
	"leader_name" text DEFAULT '' NOT NULL,
	"leader_role" text DEFAULT '' NOT NULL,
	"signature_key" text,
	"accreditation" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_settings_unit" CHECK ("certificate_settings"."unit" IN ('ue', 'hours')),
	CONSTRAINT "certificate_settings_amount" CHECK ("certificate_settings"."amount" IS NULL OR ("certificate_settings"."amount" > 0 AND "certificate_settings"."amount" <= 1000))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"ticket_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"holder_name" text NOT NULL,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"replaced_by_id" uuid,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_status" CHECK ("certificates"."status" IN ('valid', 'revoked', 'replaced')),
	CONSTRAINT "certificates_code_format" CHECK ("certificates"."code" ~ '^[A-Z2-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "feedback_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid,
	"profile_id" text,
	"stars" smallint NOT NULL,
	"good" text DEFAULT '' NOT NULL,
	"better" text DEFAULT '' NOT NULL,
	"publish_consent" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_answers_stars" CHECK ("feedback_answers"."stars" BETWEEN 1 AND 5),
	CONSTRAINT "feedback_answers_featured_needs_consent" CHECK (NOT "feedback_answers"."featured" OR "feedback_answers"."publish_consent")
);
--> statement-breakpoint
CREATE TABLE "feedback_settings" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_rules" ADD COLUMN "attach_certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "certificate_settings" ADD CONSTRAINT "certificate_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_profiles_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_profiles_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_settings" ADD CONSTRAINT "feedback_settings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_valid_per_ticket" ON "certificates" USING btree ("ticket_id") WHERE "certificates"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "certificates_event_id_idx" ON "certificates" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "certificates_ticket_id_idx" ON "certificates" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_answers_one_per_ticket" ON "feedback_answers" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "feedback_answers_event_id_idx" ON "feedback_answers" USING btree ("event_id","submitted_at");--> statement-breakpoint
-- The shipped rules of issue 34 (docs/product/certificates.md#mail, docs/product/feedback.md#mail): each applies
-- only to events that have certificates or the survey switched on. The certificate rule is off until the admin
-- switches it on; the survey rule is on, since an event asks only once its organizer switched the survey on.
INSERT INTO "mail_rules" ("name", "trigger", "offset_minutes", "audience", "subject", "body", "attach_ticket", "attach_certificate", "enabled") VALUES
('Bescheinigung am Tag danach', 'after_end', 1440, 'checked_in', 'Deine Teilnahmebescheinigung für „{event}“',
 E'Hallo {vorname},\n\ndanke, dass du bei „{event}“ am {datum} dabei warst! Deine Teilnahmebescheinigung hängt als PDF an; du findest sie auch unter „Meine Tickets“.\n\nÜber den QR-Code auf der Bescheinigung kann zum Beispiel dein Arbeitgeber prüfen, dass sie echt ist.',
 false, true, false),
('Wie war’s? (Feedback)', 'after_end', 1440, 'checked_in', 'Wie war „{event}“?',
 E'Hallo {vorname},\n\nwie hat dir „{event}“ gefallen? Sag es uns in einer Minute, ganz ohne Anmeldung:\n\n{feedback_link}\n\nDanke, dass du uns hilfst, besser zu werden!',
 false, false, true);
