// The door's state for one event (docs/product/organizer-day.md#check-in,
// docs/product/organizer-day.md#offline-check-in): the ticket list
// (fetched every 5 s while online, kept on the device), this device's queue of check-ins not yet sent, and
// the check-in itself, on the server when it answers and on the device when it does not.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECK_IN_TEXTS, parseTicketScan } from '@shared/participants';
import { queryKeys } from '@web/lib/query-keys';
import { ApiError } from '@web/lib/api-client';
import { checkInQueryKey, deleteCheckIn, fetchParticipants, postCheckIn } from './api/check-in-api';
import {
  applyOutcome,
  applyTicket,
  countCheckIns,
  dequeueTicket,
  enqueue,
  readQueue,
  readSnapshot,
  syncQueue,
  toSnapshot,
  withQueue,
  writeSnapshot,
  type DoorSnapshot,
  type KeyValueStore,
  type QueuedCheckIn,
} from './check-in-queue';
import { signal } from './feedback';
import { checkInLocally, findByScan, isGoodOutcome, type DoorOutcome } from './ticket-lookup';

export const REFETCH_MS = 5_000;
export const SYNC_RETRY_MS = 15_000;

const store = (): KeyValueStore | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** What the big panel shows: an answer, or a message (an error of the API, 'Check-in zurückgenommen'). */
type DoorAnswerBody =
  | { kind: 'outcome'; outcome: DoorOutcome; savedOffline: boolean }
  | { kind: 'message'; tone: 'info' | 'error'; text: string };
/** `key` changes with every answer, so the panel announces and flashes a repeated answer too. */
export type DoorAnswer = DoorAnswerBody & { key: number };

/** A server error (403 'Kein Zugriff', 422 …) is shown as the server said it; a network error is not final. */
const isUnreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Ein unerwarteter Fehler ist aufgetreten';

export function useDoor(eventId: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const queryKey = useMemo(() => checkInQueryKey(eventId), [eventId]);
  const stored = useMemo(() => readSnapshot(store(), eventId), [eventId]);

  const list = useQuery({
    queryKey,
    queryFn: async ({ signal: abort }) => {
      const snapshot = toSnapshot(await fetchParticipants(eventId, abort));
      writeSnapshot(store(), eventId, snapshot);
      return snapshot;
    },
    initialData: stored ?? undefined,
    initialDataUpdatedAt: stored?.savedAt,
    staleTime: 0,
    // other devices' check-ins show up (docs/product/organizer-day.md#check-in)
    refetchInterval: online ? REFETCH_MS : false,
    refetchIntervalInBackground: false,
    retry: (count, error) => isUnreachable(error) && count < 2,
  });

  const [queue, setQueue] = useState<QueuedCheckIn[]>(() => readQueue(store(), eventId));
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [last, setLast] = useState<{ ticketId: string } | null>(null);
  const [conflicts, setConflicts] = useState(0);
  const [busy, setBusy] = useState(false);
  const answerKey = useRef(0);

  const snapshot = list.data ?? null;
  const tickets = useMemo(() => withQueue(snapshot?.tickets ?? [], queue), [snapshot, queue]);
  const counts = useMemo(() => countCheckIns(tickets), [tickets]);

  const updateSnapshot = useCallback(
    async (change: (snapshot: DoorSnapshot) => DoorSnapshot) => {
      // a refetch under way may have read the list before this change: it must not overwrite it
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<DoorSnapshot>(queryKey, (current) => {
        if (!current) return current;
        const next = change(current);
        writeSnapshot(store(), eventId, next);
        return next;
      });
      // the participant list (admin and organizer area) shows the change when it is opened next
      void queryClient.invalidateQueries({ queryKey: queryKeys.participants.list(eventId) });
    },
    [queryClient, queryKey, eventId],
  );

  const show = useCallback((next: DoorAnswerBody) => {
    answerKey.current += 1;
    setAnswer({ ...next, key: answerKey.current });
  }, []);

  const showOutcome = useCallback(
    (outcome: DoorOutcome, savedOffline: boolean) => {
      show({ kind: 'outcome', outcome, savedOffline });
      signal(isGoodOutcome(outcome));
      setLast(outcome.result === 'checked-in' ? { ticketId: outcome.participant.ticketId } : null);
    },
    [show],
  );

  // ---- sending the queue (docs/product/organizer-day.md#offline-check-in) ----
  const syncing = useRef(false);
  const sync = useCallback(async () => {
    if (syncing.current || readQueue(store(), eventId).length === 0 || !navigator.onLine) return;
    syncing.current = true;
    try {
      const result = await syncQueue(store(), eventId, (request) => postCheckIn(eventId, request));
      if (result.outcomes.length > 0) {
        await updateSnapshot((s) => result.outcomes.reduce(applyOutcome, s));
      }
      setQueue(readQueue(store(), eventId));
      if (result.conflicts > 0) setConflicts((n) => n + result.conflicts);
      if (result.sent > 0) void queryClient.invalidateQueries({ queryKey });
    } finally {
      syncing.current = false;
    }
  }, [eventId, updateSnapshot, queryClient, queryKey]);

  useEffect(() => {
    void sync();
    const onOnline = () => void sync();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void sync(), SYNC_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [sync]);

  // ---- checking in ----
  const checkInOnDevice = useCallback(
    (ticketId: string | null, scan: string | null) => {
      const at = new Date().toISOString();
      const ticket = ticketId
        ? (tickets.find((t) => t.ticketId === ticketId) ?? null)
        : findByScan(tickets, scan ?? '');
      const { outcome, changed } = checkInLocally(ticket, at);
      if (changed) {
        enqueue(store(), eventId, changed.ticketId, at, undefined, changed.ticketNumber);
        setQueue(readQueue(store(), eventId));
      }
      showOutcome(outcome, Boolean(changed));
    },
    [tickets, eventId, showOutcome],
  );

  const checkIn = useCallback(
    async (input: { scan: string } | { ticketId: string }) => {
      const scan = 'scan' in input ? input.scan.trim() : null;
      const ticketId = 'ticketId' in input ? input.ticketId : null;
      if (scan !== null && !parseTicketScan(scan)) {
        showOutcome({ result: 'unknown' }, false);
        return;
      }
      if (!navigator.onLine) {
        checkInOnDevice(ticketId, scan);
        return;
      }
      setBusy(true);
      try {
        const outcome = await postCheckIn(eventId, scan !== null ? { scan } : { ticketId: ticketId! });
        showOutcome(outcome, false);
        await updateSnapshot((s) => applyOutcome(s, outcome));
      } catch (error) {
        if (isUnreachable(error)) checkInOnDevice(ticketId, scan);
        else {
          show({ kind: 'message', tone: 'error', text: errorText(error) });
          signal(false);
        }
      } finally {
        setBusy(false);
      }
    },
    [eventId, updateSnapshot, showOutcome, checkInOnDevice, show],
  );

  const undo = useCallback(async () => {
    if (!last) return;
    // a check-in still in the queue never reached the server: take it back on the device
    if (dequeueTicket(store(), eventId, last.ticketId)) {
      setQueue(readQueue(store(), eventId));
      setLast(null);
      show({ kind: 'message', tone: 'info', text: CHECK_IN_TEXTS.undone });
      return;
    }
    if (!navigator.onLine) {
      show({ kind: 'message', tone: 'error', text: 'Rückgängig geht nur mit Verbindung zum Server.' });
      return;
    }
    setBusy(true);
    try {
      const participant = await deleteCheckIn(eventId, last.ticketId);
      await updateSnapshot((s) => applyTicket(s, participant));
      setLast(null);
      show({ kind: 'message', tone: 'info', text: CHECK_IN_TEXTS.undone });
    } catch (error) {
      show({ kind: 'message', tone: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }, [last, eventId, updateSnapshot, show]);

  const loadError = list.error && !isUnreachable(list.error) ? errorText(list.error) : null;

  return {
    online,
    event: snapshot?.event ?? null,
    tickets,
    counts,
    pending: queue.length,
    answer,
    canUndo: last !== null,
    busy,
    conflicts,
    dismissConflicts: () => setConflicts(0),
    loading: list.isPending && list.fetchStatus === 'fetching',
    /** The server refused the list (403 'Kein Zugriff' and the like): its message. */
    loadError,
    /** Neither a stored list nor one from the server (first visit while offline, or the server down). */
    unavailable: !snapshot && ((list.isError && !loadError) || list.fetchStatus === 'paused'),
    checkIn,
    undo,
  };
}
