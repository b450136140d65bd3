import { useCallback, useEffect, useRef, useState } from 'react';
import { givenFullName } from '@shared/profile';
import type { SessionUser } from '@shared/session';
import { ApiError } from '@web/lib/api-client';
import { SAVED_INDICATOR_MS } from '@web/lib/use-saved-flash';
import { useSaveProfileName } from './api/save-profile-name';

/**
 * Name autosave 600 ms after typing stops (the saved indicator: SAVED_INDICATOR_MS;
 * docs/product/booking-and-seats.md#holder-name-saved).
 */
export const NAME_AUTOSAVE_MS = 600;

/**
 * 'Name auf dem Ticket' (docs/product/booking-and-seats.md#holder-name-saved): starts with the profile's full
 * name (also when the guest signs in on the page; empty while that is only the e-mail's stand-in), and what
 * is typed is saved as the profile's name 600 ms after typing stops. `flush` saves a still waiting change at
 * once (before ordering, so the completeness check sees it).
 */
export function useHolderName(user: SessionUser | null) {
  const [typed, setTyped] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useSaveProfileName();
  const waiting = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const userRef = useRef(user);
  userRef.current = user;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      clearTimeout(savedTimer.current);
    },
    [],
  );

  const save = useCallback(
    async (name: string): Promise<boolean> => {
      clearTimeout(timer.current);
      const current = userRef.current;
      // A guest's typing is kept and saved once signed in (on the next change or when ordering).
      if (!current) return false;
      waiting.current = null;
      const trimmed = name.trim();
      if (!trimmed || trimmed === current.fullName?.trim()) return true;
      try {
        await mutateAsync(trimmed);
        setError(null);
        setSaved(true);
        clearTimeout(savedTimer.current);
        savedTimer.current = setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
        return true;
      } catch (caught) {
        setError(
          caught instanceof ApiError
            ? caught.message
            : 'Der Name konnte nicht gespeichert werden. Bitte versuche es erneut.',
        );
        return false;
      }
    },
    [mutateAsync],
  );

  const change = (next: string) => {
    setTyped(next);
    setSaved(false);
    waiting.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(next), NAME_AUTOSAVE_MS);
  };

  const flush = useCallback(async () => (waiting.current === null ? true : save(waiting.current)), [save]);

  return { value: typed ?? givenFullName(user), change, flush, saved, saving: isPending, error };
}
