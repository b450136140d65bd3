ALTER TYPE "public"."payment_provider" ADD VALUE 'bank_transfer';--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_credits_amount_positive" CHECK ("bank_credits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"imported_by" text,
	"lines_total" integer NOT NULL,
	"lines_new" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"counterparty_name" text DEFAULT '' NOT NULL,
	"counterparty_iban" text DEFAULT '' NOT NULL,
	"remittance" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"excess_cents" integer DEFAULT 0 NOT NULL,
	"matched_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" IN ('matched', 'partial', 'overpaid', 'unmatched', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_imported_by_user_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_import_id_bank_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_statement_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_by_user_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_credits_booking_id_idx" ON "bank_credits" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bank_credits_line_id_idx" ON "bank_credits" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","booked_on");