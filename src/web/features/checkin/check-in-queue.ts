// The door's memory on the device (docs/product/organizer-day.md#offline-check-in): the event's ticket list
// as last fetched, and the check-ins made while the server could not be reached, each with the time it
// happened (`at`) and an id the device made up (`deviceCheckInId`), so a check-in sent twice counts once.
// Plain functions over a Storage-like object, so the rules are unit-tested without a browser.
import type { CheckInOutcome, CheckInRequest, Participant, ParticipantList } from '@shared/participants';

/**
 * What the door keeps of a ticket: no e-mail, phone or price on the device, nor the answers (allergies are health
 * data): those come with the server's answer to a check-in (docs/product/ticket-categories.md#answers).
 */
export type DoorTicket = Pick<
  Participant,
  | 'ticketId'
  | 'code'
  | 'ticketNumber'
  | 'holderName'
  | 'seats'
  | 'state'
  | 'checkedInAt'
  | 'checkedInBy'
  | 'categoryName'
  | 'answers'
>;

export interface DoorSnapshot {
  event: { id: string; title: string; timeZone: string };
  tickets: DoorTicket[];
  /** ms since epoch of the fetch. */
  savedAt: number;
}

/** A check-in made on this device and not yet confirmed by the server. */
export interface QueuedCheckIn {
  deviceCheckInId: string;
  ticketId: string;
  /** ISO time of the check-in at the door. */
  at: string;
  /**
   * The ticket number the device's list had: a ticket transferred since is not checked in by it
   * (docs/product/organizer-day.md#check-in-current-number). Missing in queues stored before it was sent.
   */
  ticketNumber?: string;
}

/** The part of Storage the queue needs (localStorage in the browser, a Map in the tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const ticketsKey = (eventId: string) => `checkin:tickets:${eventId}`;
export const queueKey = (eventId: string) => `checkin:queue:${eventId}`;

const readJson = <T>(store: KeyValueStore | undefined, key: string): T | null => {
  try {
    const text = store?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
};

const writeJson = (store: KeyValueStore | undefined, key: string, value: unknown) => {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: the door keeps working from memory
  }
};

export const toDoorTicket = (p: DoorTicket): DoorTicket => ({
  ticketId: p.ticketId,
  code: p.code,
  ticketNumber: p.ticketNumber,
  holderName: p.holderName,
  seats: p.seats,
  state: p.state,
  checkedInAt: p.checkedInAt,
  checkedInBy: p.checkedInBy,
  ...(p.categoryName ? { categoryName: p.categoryName } : {}),
});

export const toSnapshot = (list: ParticipantList, now = Date.now()): DoorSnapshot => ({
  event: { id: list.event.id, title: list.event.title, timeZone: list.event.timeZone },
  tickets: list.participants.map(toDoorTicket),
  savedAt: now,
});

export const readSnapshot = (store: KeyValueStore | undefined, eventId: string) =>
  readJson<DoorSnapshot>(store, ticketsKey(eventId));

export const writeSnapshot = (store: KeyValueStore | undefined, eventId: string, snapshot: DoorSnapshot) =>
  writeJson(store, ticketsKey(eventId), snapshot);

export const readQueue = (store: KeyValueStore | undefined, eventId: string): QueuedCheckIn[] =>
  readJson<QueuedCheckIn[]>(store, queueKey(eventId)) ?? [];

export const writeQueue = (store: KeyValueStore | undefined, eventId: string, queue: QueuedCheckIn[]) => {
  if (queue.length === 0) {
    try {
      store?.removeItem(queueKey(eventId));
    } catch {
      // nothing to do
    }
  } else writeJson(store, queueKey(eventId), queue);
};

/** A random id for one check-in of this device. */
export const newDeviceCheckInId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Adds a check-in to the queue (once per ticket: a second one for the same ticket is not queued). */
export function enqueue(
  store: KeyValueStore | undefined,
  eventId: string,
  ticketId: string,
  at: string,
  id: string = newDeviceCheckInId(),
  ticketNumber?: string,
): QueuedCheckIn {
  const queue = readQueue(store, eventId);
  const existing = queue.find((item) => item.ticketId === ticketId);
  if (existing) return existing;
  const item: QueuedCheckIn = {
    deviceCheckInId: id,
    ticketId,
    at,
    ...(ticketNumber ? { ticketNumber } : {}),
  };
  writeQueue(store, eventId, [...queue, item]);
  return item;
}

/** Takes a queued check-in back (undo before it was sent); true when there was one. */
export function dequeueTicket(store: KeyValueStore | undefined, eventId: string, ticketId: string): boolean {
  const queue = readQueue(store, eventId);
  const rest = queue.filter((item) => item.ticketId !== ticketId);
  if (rest.length === queue.length) return false;
  writeQueue(store, eventId, rest);
  return true;
}

/**
 * The tickets as the door shows them: the last fetched list with this device's queued check-ins on top
 * (a refetch does not hide a check-in that has not reached the server yet).
 */
export function withQueue(tickets: readonly DoorTicket[], queue: readonly QueuedCheckIn[]): DoorTicket[] {
  if (queue.length === 0) return [...tickets];
  const byTicket = new Map(queue.map((item) => [item.ticketId, item]));
  return tickets.map((ticket) => {
    const queued = byTicket.get(ticket.ticketId);
    if (!queued || ticket.state !== 'active') return ticket;
    return { ...ticket, state: 'checked-in', checkedInAt: queued.at, checkedInBy: null };
  });
}

/** 'n von m eingecheckt': cancelled tickets do not count (docs/product/organizer-day.md#check-in). */
export function countCheckIns(tickets: readonly DoorTicket[]): { checkedIn: number; total: number } {
  let checkedIn = 0;
  let total = 0;
  for (const ticket of tickets) {
    if (ticket.state === 'cancelled') continue;
    total += 1;
    if (ticket.state === 'checked-in') checkedIn += 1;
  }
  return { checkedIn, total };
}

/** Puts what the server answered into the stored list, so the next answer from the device is right. */
export function applyOutcome(snapshot: DoorSnapshot, outcome: CheckInOutcome): DoorSnapshot {
  if (!('participant' in outcome)) return snapshot;
  return applyTicket(snapshot, outcome.participant);
}

export function applyTicket(snapshot: DoorSnapshot, participant: DoorTicket): DoorSnapshot {
  const ticket = toDoorTicket(participant);
  const known = snapshot.tickets.some((t) => t.ticketId === ticket.ticketId);
  return {
    ...snapshot,
    tickets: known
      ? snapshot.tickets.map((t) => (t.ticketId === ticket.ticketId ? ticket : t))
      : [...snapshot.tickets, ticket],
  };
}

/** What sending the queue came to. */
export interface SyncResult {
  /** Sent and answered (whatever the answer): removed from the queue. */
  sent: number;
  /** Queued check-ins the server had already from another device ('already'). */
  conflicts: number;
  /** Answers of the server, to put into the stored list. */
  outcomes: CheckInOutcome[];
  /** Still queued (the server could not be reached, or answered with a passing error). */
  left: number;
  /** The error that stopped the sending, if any. */
  error: unknown;
}

/** Sends one queued check-in: POST /api/checkin/{eventId}. Throws on network or HTTP errors. */
export type SendCheckIn = (request: CheckInRequest) => Promise<CheckInOutcome>;

/** HTTP statuses after which the same request will never succeed: drop the item instead of retrying. */
const isFinalRejection = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 400 || status === 404 || status === 409 || status === 422;
};

/**
 * Sends the queue in order (docs/product/organizer-day.md#offline-check-in). Each item leaves the queue when
 * the server answered it; the first network or passing error (offline, 401/403, 5xx) stops the round and
 * keeps that item and the rest for the next try. An answer 'already' for a queued check-in is a conflict:
 * another device checked the ticket in first (the server keeps the earliest time).
 */
export async function syncQueue(
  store: KeyValueStore | undefined,
  eventId: string,
  send: SendCheckIn,
): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, conflicts: 0, outcomes: [], left: 0, error: null };
  for (const item of readQueue(store, eventId)) {
    try {
      const known = item.ticketNumber ? { ticketNumber: item.ticketNumber } : {};
      const request = {
        ticketId: item.ticketId,
        at: item.at,
        deviceCheckInId: item.deviceCheckInId,
        ...known,
      };
      const outcome = await send(request).catch((error: unknown) => {
        // a device clock that is wrong makes the time invalid (422: ahead of the server, or outside the
        // event's days): the check-in still counts, at the server's time, rather than being lost
        if ((error as { status?: unknown } | null)?.status !== 422) throw error;
        return send({ ticketId: item.ticketId, deviceCheckInId: item.deviceCheckInId, ...known });
      });
      result.sent += 1;
      result.outcomes.push(outcome);
      if (outcome.result === 'already') result.conflicts += 1;
    } catch (error) {
      if (!isFinalRejection(error)) {
        result.error = error;
        break;
      }
      result.sent += 1;
    }
    // read again: a check-in may have been queued or undone while the request was under way
    writeQueue(
      store,
      eventId,
      readQueue(store, eventId).filter((queued) => queued.deviceCheckInId !== item.deviceCheckInId),
    );
  }
  result.left = readQueue(store, eventId).length;
  return result;
}
