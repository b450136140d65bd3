ALTER TABLE "newsletter_subscriptions" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "consented_at" timestamp with time zone;