ALTER TABLE "bookings" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
-- Existing bookings get distinct order numbers (docs/decisions/020-order-numbers.md): 'WR-' and six
-- characters without 0/O, 1/I/L, from the random bytes of gen_random_uuid(); a number already taken (the
-- unique index answers) is drawn again. Only then the column is required.
DO $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  booking record;
  bytes bytea;
  candidate text;
BEGIN
  FOR booking IN SELECT id FROM bookings WHERE order_number IS NULL LOOP
    LOOP
      bytes := uuid_send(gen_random_uuid());
      candidate := 'WR-';
      FOR i IN 0..5 LOOP
        candidate := candidate || substr(alphabet, 1 + get_byte(bytes, i) % 31, 1);
      END LOOP;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM bookings WHERE order_number = candidate);
    END LOOP;
    UPDATE bookings SET order_number = candidate WHERE id = booking.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "order_number" SET NOT NULL;
