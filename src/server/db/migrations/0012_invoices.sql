CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"refund_id" uuid,
	"corrects_invoice_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "invoices_kind" CHECK ("invoices"."kind" IN ('invoice', 'cancellation')),
	CONSTRAINT "invoices_cancellation_refers" CHECK ("invoices"."kind" = 'invoice' OR ("invoices"."refund_id" IS NOT NULL AND "invoices"."corrects_invoice_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tax_mode" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_booking" ON "invoices" USING btree ("booking_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_booking_id_idx" ON "invoices" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_tax_mode" CHECK ("events"."tax_mode" IS NULL OR "events"."tax_mode" IN ('small_business', 'education_exempt', 'vat_19', 'vat_7'));