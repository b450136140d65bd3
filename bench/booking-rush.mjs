// Booking rush (issue 5): 500 distinct signed-in buyers send POST /api/bookings (one ticket each) at the same
// moment for a paid event with 100 seats, over a pool of 100 keep-alive connections, against the built server
// on PostgreSQL. Prints the answers, the seats the database took and whether the seat invariant
// (docs/product/booking-and-seats.md#seat-invariant) holds; expected: exactly 100 bookings (held, as the
// event is paid), 400 × 409, nothing oversold. Needs `npm run build` and a PostgreSQL server
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), on which it
// creates a scratch database and drops it afterwards.
import http from 'node:http';
import { loadavg } from 'node:os';
import {
  insertBuyers,
  insertEvent,
  percentile,
  seatState,
  send,
  withBookingServer,
  withClient,
} from './booking-setup.mjs';

const PORT = 3193;

export async function benchBookingRush({ seats = 100, buyers = 500, connections = 100 } = {}) {
  return withBookingServer(
    { database: `ticketshop_bench_rush_${process.pid}`, port: PORT },
    async ({ url, databaseUrl, secret }) => {
      const { cookies, eventId } = await withClient(databaseUrl, async (client) => ({
        ...(await insertBuyers(client, { count: buyers, secret })),
        eventId: await insertEvent(client, { seats, slug: 'bench-rush' }),
      }));
      const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
      try {
        // warm-up without booking: the signed-in path (session lookup, profile) and the server's pool
        const warm = await Promise.all(
          cookies.slice(0, connections).map((cookie) => send(agent, url, 'GET', '/api/session', cookie)),
        );
        const signedIn = warm.filter((res) => res.status === 200 && JSON.parse(res.body).user).length;
        if (signedIn !== warm.length) throw new Error(`only ${signedIn}/${warm.length} sessions accepted`);

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
        const wallMs = performance.now() - started;

        const statuses = new Map();
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const created = statuses.get(201) ?? 0;
        const soldOut = statuses.get(409) ?? 0;
        const other = [...statuses].filter(([status]) => status !== 201 && status !== 409);
        const state = await withClient(databaseUrl, (client) => seatState(client, eventId));
        const taken = state.totalSeats - state.availableSeats;
        const oversold = Math.max(0, taken - seats);
        const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);

        console.log(
          `POST /api/bookings: ${buyers} buyers at once, event with ${seats} seats, ${connections} connections`,
        );
        console.log(
          `  attempts ${answers.length}: 201 ${created}, 409 sold out ${soldOut}` +
            `, other ${other.length ? other.map(([s, n]) => `${s}×${n}`).join(' ') : 0}`,
        );
        console.log(
          `  seats taken per DB ${taken}, held+confirmed bookings ${state.heldBookings} (${state.heldSeats} seats)` +
            `, oversold ${oversold}`,
        );
        console.log(
          `  seat invariant (available = total − held): ${state.invariantHolds ? 'holds' : 'VIOLATED'}` +
            ` (${state.availableSeats} = ${state.totalSeats} − ${state.heldSeats})`,
        );
        console.log(
          `  all answered in ${wallMs.toFixed(0)} ms; latency p50 ${percentile(latencies, 50).toFixed(0)} ms,` +
            ` p99 ${percentile(latencies, 99).toFixed(0)} ms`,
        );
        console.log(
          `  load average ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
        );
        console.log(`expected: exactly ${seats} × 201, ${buyers - seats} × 409, oversold 0, invariant holds`);
        // the correctness check of the issue (exactly the seats, the rest sold out), not a figure
        if (
          oversold > 0 ||
          !state.invariantHolds ||
          created !== seats ||
          soldOut !== buyers - seats ||
          created !== state.heldBookings
        )
          process.exitCode = 1;
        return { attempts: answers.length, created, soldOut, other, taken, oversold, ...state, wallMs };
      } finally {
        agent.destroy();
      }
    },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBookingRush();
