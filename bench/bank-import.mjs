// Bank statement import (issue 20, docs/product/bank-transfer.md#statement-import): a CAMT.053 statement of 5,000
// lines against 5,000 open transfer bookings, read by parseStatement and planned by planMatch, without a database.
// The lines: 85 % a correct reference in one of the spellings matching tolerates (case, spaces, no hyphens, no
// check character, a line break inside, EREF+/SVWZ+ prefixes; amounts exact, short or over), 5 % a wrong check
// character, 5 % no reference (some with an IBAN or a longer token that looks like one), 5 % outgoing or 0 €.
// Prints parse and match milliseconds and what became of the lines; 'matched wrong' must be 0. The two modules are
// bundled from the sources with esbuild (dependencies external, as in the server build): no `npm run build`.
import { bundleFromSource } from './support.mjs';

const LINES = 5_000;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

async function loadModules() {
  const modules = await bundleFromSource({
    'bank-statements': 'src/server/core/bank-transfer/statements.ts',
    'bank-match-lines': 'src/server/core/bank-transfer/match-lines.ts',
    'bank-reference': 'src/shared/bank-transfer.ts',
  });
  return Object.assign({}, ...Object.values(modules));
}

/** A small seeded generator (mulberry32): the same statement on every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const euros = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The spellings of a correct reference that matching tolerates, as remittance lines (Ustrd). */
function spellings(code, check, pick) {
  const ref = `WR-${code}-${check}`;
  const variants = [
    () => [ref],
    () => [`Tickets ${ref.toLowerCase()} Danke`],
    () => [`WR ${code} ${check}`],
    () => [`WR${code}${check}`],
    () => [`Bestellung WR-${code}`],
    () => [`Tickets ${ref.slice(0, 6)}`, `${ref.slice(6)} Sommerkonzert`], // split over two Ustrd
    () => [`EREF+${ref}`, 'SVWZ+Konzertkarten'],
    () => [`SVWZ+${`WR${code}${check}`.toLowerCase()} Theater`],
    () => [`WR ${code.slice(0, 3)} ${code.slice(3)} ${check}`],
  ];
  return variants[Math.floor(pick() * variants.length)]();
}

/** `lines` open bookings with distinct order numbers, and the seeded generator that goes on from there. */
export function generate(lines = LINES) {
  const next = random(20_250_303);
  const codes = new Set();
  while (codes.size < lines) {
    let code = '';
    for (let i = 0; i < 6; i += 1) code += ALPHABET[Math.floor(next() * ALPHABET.length)];
    codes.add(code);
  }
  const bookings = [...codes].map((code, i) => ({
    bookingId: `booking-${i}`,
    orderNumber: `WR-${code}`,
    owedCents: 1_000 + Math.floor(next() * 20_000),
  }));
  return { bookings, next };
}

/** The CAMT.053 file of one line per booking (see the top), and per line the booking it should credit. */
export function statement({ bookings, next }, referenceCheckCharacter) {
  const entries = [];
  const expected = []; // per line: the booking it should credit, or null
  for (let i = 0; i < bookings.length; i += 1) {
    const booking = bookings[i];
    const code = booking.orderNumber.slice(3);
    const check = referenceCheckCharacter(code);
    const kind = i % 20; // 0–16 correct (85 %), 17 wrong check (5 %), 18 no reference (5 %), 19 outgoing/zero (5 %)
    let amount = booking.owedCents;
    let sign = 'CRDT';
    let ustrd;
    if (kind <= 16) {
      ustrd = spellings(code, check, next);
      if (kind === 15) amount -= 500; // partial
      if (kind === 16) amount += 700; // overpaid
      expected.push(booking.bookingId);
    } else if (kind === 17) {
      const wrong = ALPHABET.replace(check, '')[Math.floor(next() * (ALPHABET.length - 1))];
      ustrd = [`WR-${code}-${wrong}`];
      expected.push(null);
    } else if (kind === 18) {
      const lookAlikes = [
        ['Mitgliedsbeitrag 2025'],
        [`IBAN GB29WR${code}${check}1234`], // inside an IBAN
        [`KUNDE${`WR${code}${check}`}`], // inside a longer token
        [`NL12 ABCD WR${code.slice(0, 2)} ${code.slice(2)} 89`], // an IBAN in groups of four
      ];
      ustrd = lookAlikes[i % lookAlikes.length];
      expected.push(null);
    } else {
      ustrd = [`WR-${code}-${check}`];
      if (i % 40 === 19) amount = 0;
      else sign = 'DBIT';
      expected.push(null);
    }
    entries.push(`<Ntry><Amt Ccy="EUR">${euros(amount)}</Amt><CdtDbtInd>${sign}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2025-03-${String(1 + (i % 28)).padStart(2, '0')}</Dt></BookgDt><AcctSvcrRef>ASR${i}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Kundin ${i}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013${String(i).padStart(3, '0').slice(-3)}</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf>${ustrd.map((text) => `<Ustrd>${escapeXml(text)}</Ustrd>`).join('')}</RmtInf></TxDtls></NtryDtls></Ntry>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId></GrpHdr>
<Stmt><Id>BENCH-1</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
  return { xml: Buffer.from(xml, 'utf8'), expected };
}

export async function benchBankImport() {
  const { parseStatement, planMatch, referenceCheckCharacter } = await loadModules();
  const generated = generate();
  const { xml, expected } = statement(generated, referenceCheckCharacter);
  const open = new Map(generated.bookings.map((booking) => [booking.orderNumber, booking]));

  parseStatement(xml); // warm-up
  let started = performance.now();
  const { lines } = parseStatement(xml);
  const parseMs = performance.now() - started;
  if (lines.length !== LINES) throw new Error(`${lines.length} lines read, ${LINES} expected`);

  started = performance.now();
  const plans = lines.map((line) => planMatch(line, open));
  const matchMs = performance.now() - started;

  const counts = { correct: 0, wrong: 0, forHand: 0, ignored: 0 };
  const statuses = {};
  plans.forEach((plan, i) => {
    statuses[plan.status] = (statuses[plan.status] ?? 0) + 1;
    if (plan.status === 'ignored') counts.ignored += 1;
    else if (plan.status === 'unmatched') counts.forHand += 1;
    const credited = plan.credits.map((credit) => credit.bookingId);
    if (credited.length === 0) return;
    if (credited.length === 1 && credited[0] === expected[i]) counts.correct += 1;
    else counts.wrong += 1;
  });
  const keys = new Set(lines.map((line) => line.dedupeKey)).size;

  console.log(
    `CAMT.053, ${LINES} lines (${(xml.length / 1024 / 1024).toFixed(1)} MB), ${open.size} open bookings`,
  );
  console.log(`parseStatement: ${parseMs.toFixed(0)} ms; planMatch (all lines): ${matchMs.toFixed(0)} ms`);
  console.log(
    `matched correct ${counts.correct} / matched wrong ${counts.wrong} / left for hand ${counts.forHand} / ignored ${counts.ignored}`,
  );
  console.log(`  statuses: ${JSON.stringify(statuses)}; distinct keys ${keys}`);
  if (counts.wrong > 0) process.exitCode = 1;
  return { parseMs, matchMs, ...counts, statuses };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBankImport();
