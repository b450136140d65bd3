CREATE TABLE "booking_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"quantity" integer NOT NULL,
	"seats_per_ticket" integer DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"regular_unit_price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_items_booking_id_category_id_unique" UNIQUE("booking_id","category_id"),
	CONSTRAINT "booking_items_quantity_positive" CHECK ("booking_items"."quantity" > 0),
	CONSTRAINT "booking_items_seats_one_or_two" CHECK ("booking_items"."seats_per_ticket" IN (1, 2)),
	CONSTRAINT "booking_items_prices_non_negative" CHECK ("booking_items"."unit_price_cents" >= 0 AND "booking_items"."regular_unit_price_cents" >= 0),
	CONSTRAINT "booking_items_discount_in_range" CHECK ("booking_items"."discount_cents" >= 0 AND "booking_items"."discount_cents" <= "booking_items"."unit_price_cents" * "booking_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"event_ids" uuid[],
	"category_ids" uuid[],
	"max_uses" integer,
	"max_per_buyer" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind" CHECK ("discount_codes"."kind" IN ('percent', 'fixed', 'unlock')),
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'),
	CONSTRAINT "discount_codes_value" CHECK (("discount_codes"."kind" = 'percent' AND "discount_codes"."value" BETWEEN 1 AND 100) OR ("discount_codes"."kind" = 'fixed' AND "discount_codes"."value" > 0) OR ("discount_codes"."kind" = 'unlock' AND "discount_codes"."value" = 0)),
	CONSTRAINT "discount_codes_uses_in_range" CHECK ("discount_codes"."uses" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."uses" <= "discount_codes"."max_uses")),
	CONSTRAINT "discount_codes_max_uses_positive" CHECK ("discount_codes"."max_uses" IS NULL OR "discount_codes"."max_uses" > 0),
	CONSTRAINT "discount_codes_max_per_buyer_positive" CHECK ("discount_codes"."max_per_buyer" IS NULL OR "discount_codes"."max_per_buyer" > 0),
	CONSTRAINT "discount_codes_validity" CHECK ("discount_codes"."valid_from" IS NULL OR "discount_codes"."valid_until" IS NULL OR "discount_codes"."valid_from" < "discount_codes"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "event_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"label" text NOT NULL,
	"help" text,
	"kind" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"per_ticket" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_questions_kind" CHECK ("event_questions"."kind" IN ('text', 'textarea', 'choice', 'multi', 'yesno', 'date'))
);
--> statement-breakpoint
CREATE TABLE "ticket_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"early_bird_price_cents" integer,
	"early_bird_ends_at" timestamp with time zone,
	"price_unit" "price_unit" DEFAULT 'per_person' NOT NULL,
	"capacity" integer,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer,
	"requires_code" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_categories_price_non_negative" CHECK ("ticket_categories"."price_cents" >= 0),
	CONSTRAINT "ticket_categories_early_bird_non_negative" CHECK ("ticket_categories"."early_bird_price_cents" IS NULL OR "ticket_categories"."early_bird_price_cents" >= 0),
	CONSTRAINT "ticket_categories_capacity_non_negative" CHECK ("ticket_categories"."capacity" IS NULL OR "ticket_categories"."capacity" >= 0),
	CONSTRAINT "ticket_categories_min_per_order" CHECK ("ticket_categories"."min_per_order" BETWEEN 1 AND 20),
	CONSTRAINT "ticket_categories_max_per_order" CHECK ("ticket_categories"."max_per_order" IS NULL OR ("ticket_categories"."max_per_order" BETWEEN "ticket_categories"."min_per_order" AND 20)),
	CONSTRAINT "ticket_categories_sale_window" CHECK ("ticket_categories"."sale_starts_at" IS NULL OR "ticket_categories"."sale_ends_at" IS NULL OR "ticket_categories"."sale_starts_at" < "ticket_categories"."sale_ends_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_code_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category_name" text;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_category_id_ticket_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_questions" ADD CONSTRAINT "event_questions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_categories" ADD CONSTRAINT "ticket_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_items_category_id_idx" ON "booking_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "event_questions_event_id_position_idx" ON "event_questions" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "ticket_categories_event_id_position_idx" ON "ticket_categories" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_ticket_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_discount_code_id_idx" ON "bookings" USING btree ("discount_code_id") WHERE "bookings"."discount_code_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_category_id_idx" ON "tickets" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_non_negative" CHECK ("bookings"."discount_cents" >= 0);--> statement-breakpoint
-- every event so far gets its one category 'Ticket' with the event's price; every booking its one line; every
-- ticket its category (docs/product/ticket-categories.md#one-category)
INSERT INTO "ticket_categories" ("event_id", "name", "price_cents", "early_bird_price_cents", "early_bird_ends_at", "price_unit", "position")
SELECT "id", 'Ticket', "price_cents", "early_bird_price_cents", "early_bird_ends_at", "price_unit", 0 FROM "events";--> statement-breakpoint
INSERT INTO "booking_items" ("booking_id", "category_id", "name", "position", "quantity", "seats_per_ticket", "unit_price_cents", "regular_unit_price_cents")
SELECT b."id", c."id", 'Ticket', 1, b."quantity",
  COALESCE((SELECT max(t."seats") FROM "tickets" t WHERE t."booking_id" = b."id"), CASE WHEN e."price_unit" = 'per_pair' THEN 2 ELSE 1 END),
  b."unit_price_cents", b."unit_price_cents"
FROM "bookings" b JOIN "events" e ON e."id" = b."event_id" JOIN "ticket_categories" c ON c."event_id" = b."event_id";--> statement-breakpoint
UPDATE "tickets" SET "category_id" = c."id", "category_name" = c."name" FROM "ticket_categories" c WHERE c."event_id" = "tickets"."event_id";--> statement-breakpoint
-- a new event starts with its one category, priced as the event (however it was inserted: the admin, the seed,
-- a test's factory, a bench's SQL)
CREATE FUNCTION "events_first_category"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ticket_categories" ("event_id", "name", "price_cents", "early_bird_price_cents", "early_bird_ends_at", "price_unit", "position")
  VALUES (NEW."id", 'Ticket', NEW."price_cents", NEW."early_bird_price_cents", NEW."early_bird_ends_at", NEW."price_unit", 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_first_category" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "events_first_category"();--> statement-breakpoint
-- while an event has exactly one category, a change of the event's price is that category's change: an event
-- with one category works as before categories (docs/product/ticket-categories.md#one-category)
CREATE FUNCTION "events_single_category_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_categories" SET "price_cents" = NEW."price_cents", "early_bird_price_cents" = NEW."early_bird_price_cents",
    "early_bird_ends_at" = NEW."early_bird_ends_at", "price_unit" = NEW."price_unit", "updated_at" = now()
  WHERE "event_id" = NEW."id" AND (SELECT count(*) FROM "ticket_categories" c WHERE c."event_id" = NEW."id") = 1
    AND ("price_cents", "early_bird_price_cents", "early_bird_ends_at", "price_unit") IS DISTINCT FROM
        (NEW."price_cents", NEW."early_bird_price_cents", NEW."early_bird_ends_at", NEW."price_unit");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_single_category_price" AFTER UPDATE OF "price_cents", "early_bird_price_cents", "early_bird_ends_at", "price_unit" ON "events"
FOR EACH ROW WHEN ((OLD."price_cents", OLD."early_bird_price_cents", OLD."early_bird_ends_at", OLD."price_unit") IS DISTINCT FROM (NEW."price_cents", NEW."early_bird_price_cents", NEW."early_bird_ends_at", NEW."price_unit"))
EXECUTE FUNCTION "events_single_category_price"();
