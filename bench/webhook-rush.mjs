// Webhooks under a booking rush (issue 33, docs/product/webhooks.md#outbox): 500 signed-in buyers book a free
// event with 500 seats at once (each booking is confirmed at once and writes 'booking.paid' in its
// transaction), against the built server on PostgreSQL, with one endpoint on a local receiver that fails now and
// then: 15 % of the messages get a 500 on their first attempt and 5 % a dropped connection, then succeed. Prints
// the bookings, the messages sent, retried, lost (a confirmed booking whose message never arrived) and the
// duplicates per delivery id (an id the receiver accepted twice), checks each signature with the Standard Webhooks
// library, and the delay from the booking's change to its accepted arrival. Needs `npm run build` and PostgreSQL
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { Webhook } from 'standardwebhooks';
import {
  insertBuyers,
  insertEvent,
  percentile,
  send,
  withBookingServer,
  withClient,
} from './booking-setup.mjs';

const PORT = 3196;
/** The first retry comes 5 s after a failure; everything should be in well before this. */
const SETTLE_TIMEOUT_MS = 90_000;

/** A receiver that verifies, records and fails some first attempts. */
async function startReceiver(secret, { failRate = 0.15, dropRate = 0.05 } = {}) {
  const verifier = new Webhook(secret);
  const accepted = new Map(); // webhook-id → [{ at, timestamp }]
  const attemptsSeen = new Map();
  let refused = 0;
  let badSignatures = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id']);
      let payload;
      try {
        payload = verifier.verify(body, {
          'webhook-id': id,
          'webhook-timestamp': String(req.headers['webhook-timestamp']),
          'webhook-signature': String(req.headers['webhook-signature']),
        });
      } catch {
        badSignatures++;
        res.writeHead(400).end();
        return;
      }
      const seen = (attemptsSeen.get(id) ?? 0) + 1;
      attemptsSeen.set(id, seen);
      const roll = Math.random();
      if (seen === 1 && roll < dropRate) {
        refused++;
        req.socket.destroy(); // the connection breaks before an answer
        return;
      }
      if (seen === 1 && roll < dropRate + failRate) {
        refused++;
        res.writeHead(500).end('kaputt');
        return;
      }
      const list = accepted.get(id) ?? [];
      list.push({ at: Date.now(), timestamp: Date.parse(payload.timestamp), payload });
      accepted.set(id, list);
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    accepted,
    stats: () => ({ refused, badSignatures }),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

export async function benchWebhookRush({ buyers = 500, connections = 100 } = {}) {
  // the same rush without any endpoint first: what the messages cost the bookings
  const baseline = await rush({ buyers, connections, endpoint: false });
  const withHooks = await rush({ buyers, connections, endpoint: true });
  console.log(
    `  bookings without webhooks: ${baseline.booked}/${buyers} in ${baseline.bookingsWallMs} ms (p95 ${Math.round(baseline.bookingP95Ms)} ms); ` +
      `with: ${withHooks.booked}/${buyers} in ${withHooks.bookingsWallMs} ms (p95 ${Math.round(withHooks.bookingP95Ms)} ms)`,
  );
  return { baseline, withHooks };
}

async function rush({ buyers, connections, endpoint }) {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const receiver = await startReceiver(secret);
  const previous = process.env.WEBHOOKS_ALLOW_PRIVATE;
  process.env.WEBHOOKS_ALLOW_PRIVATE = 'true'; // the receiver is on this machine
  try {
    return await withBookingServer(
      { database: `ticketshop_bench_webhooks_${process.pid}`, port: PORT },
      async ({ url, databaseUrl, secret: appSecret }) => {
        const { cookies, eventId } = await withClient(databaseUrl, async (client) => {
          const setup = {
            ...(await insertBuyers(client, { count: buyers, secret: appSecret })),
            eventId: await insertEvent(client, { seats: buyers, slug: 'bench-webhooks' }),
          };
          // free: each booking is confirmed and its tickets issued in its own transaction
          await client.query('UPDATE events SET price_cents = 0 WHERE id = $1', [setup.eventId]);
          if (endpoint)
            await client.query(
              `INSERT INTO webhook_endpoints (url, description, event_types, secret)
             VALUES ($1, 'Bench', ARRAY['booking.paid','ticket.cancelled'], $2)`,
              [receiver.url, secret],
            );
          return setup;
        });
        const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
        const started = performance.now();
        const answers = await Promise.all(
          cookies.map((cookie, i) =>
            send(agent, url, 'POST', '/api/bookings', cookie, {
              eventId,
              quantity: 1,
              holderName: `Käufer ${i + 1}`,
            }),
          ),
        );
        const bookedMs = performance.now() - started;
        agent.destroy();
        const statuses = new Map();
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const booked = answers
          .filter((answer) => answer.status === 201)
          .map((answer) => JSON.parse(answer.body).id);
        const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);

        if (!endpoint) {
          return {
            booked: booked.length,
            bookingsWallMs: Math.round(bookedMs),
            bookingP95Ms: percentile(latencies, 95),
          };
        }
        // until every delivery is sent (or the time is up)
        const deadline = Date.now() + SETTLE_TIMEOUT_MS;
        let rows = [];
        for (;;) {
          rows = await withClient(databaseUrl, async (client) => {
            const { rows: found } = await client.query(
              `SELECT id, status, attempts, payload->'data'->'booking'->>'id' AS booking_id FROM webhook_deliveries`,
            );
            return found;
          });
          if (rows.length >= booked.length && rows.every((row) => row.status !== 'pending')) break;
          if (Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const settledMs = performance.now() - started;

        const acceptedBookings = new Set(
          [...receiver.accepted.values()].map((list) => list[0].payload.data.booking.id),
        );
        const lost = booked.filter((id) => !acceptedBookings.has(id)).length;
        const duplicateIds = [...receiver.accepted.values()].filter((list) => list.length > 1).length;
        const messagesPerBooking = new Map();
        for (const row of rows)
          messagesPerBooking.set(row.booking_id, (messagesPerBooking.get(row.booking_id) ?? 0) + 1);
        const doubleWritten = [...messagesPerBooking.values()].filter((n) => n > 1).length;
        const retried = rows.filter((row) => row.attempts > 1).length;
        const delays = [...receiver.accepted.values()]
          .map((list) => list[0].at - list[0].timestamp)
          .sort((a, b) => a - b);
        const firstTry = delays.filter((_, i) => i < delays.length); // all, sorted
        const { refused, badSignatures } = receiver.stats();
        const figures = {
          buyers,
          booked: booked.length,
          statuses: Object.fromEntries(statuses),
          bookingP95Ms: percentile(latencies, 95),
          bookingsWallMs: Math.round(bookedMs),
          deliveries: rows.length,
          sent: rows.filter((row) => row.status === 'sent').length,
          failed: rows.filter((row) => row.status === 'failed').length,
          pending: rows.filter((row) => row.status === 'pending').length,
          retried,
          refusedAttempts: refused,
          lost,
          duplicatesPerDeliveryId: duplicateIds,
          bookingsWithTwoMessages: doubleWritten,
          badSignatures,
          delayP50Ms: percentile(firstTry, 50),
          delayP95Ms: percentile(firstTry, 95),
          delayMaxMs: firstTry.at(-1),
          allSettledMs: Math.round(settledMs),
        };
        console.log(
          `webhook rush: ${figures.booked}/${buyers} bookings confirmed in ${figures.bookingsWallMs} ms ` +
            `(p95 ${Math.round(figures.bookingP95Ms)} ms; answers ${JSON.stringify(figures.statuses)}), ` +
            `${figures.deliveries} messages written`,
        );
        console.log(
          `  sent ${figures.sent}, retried ${figures.retried} (receiver refused ${refused} first attempts), ` +
            `failed ${figures.failed}, pending ${figures.pending}, lost ${lost}, duplicates per delivery id ${duplicateIds}, ` +
            `bookings with two messages ${doubleWritten}, bad signatures ${badSignatures}`,
        );
        console.log(
          `  change → accepted: p50 ${figures.delayP50Ms} ms, p95 ${figures.delayP95Ms} ms, max ${figures.delayMaxMs} ms ` +
            `(a retry waits 5 s); all settled after ${figures.allSettledMs} ms; load ${loadavg()[0].toFixed(2)}`,
        );
        if (lost > 0 || duplicateIds > 0 || doubleWritten > 0 || badSignatures > 0) process.exitCode = 1;
        return figures;
      },
    );
  } finally {
    if (previous === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    else process.env.WEBHOOKS_ALLOW_PRIVATE = previous;
    await receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchWebhookRush();
}
