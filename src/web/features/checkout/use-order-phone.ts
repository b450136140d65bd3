import { useCallback, useState } from 'react';
import { BOOKING_MESSAGES } from '@shared/booking';
import type { SessionUser } from '@shared/session';
import { ApiError } from '@web/lib/api-client';
import { useSaveProfilePhone } from './api/save-profile-phone';

/**
 * The phone number a booking needs (docs/product/booking-and-seats.md#profile-before-booking), asked on the
 * order page when the profile has none, so it is given before 'Zahlungspflichtig bestellen' rather than after
 * a detour to /onboarding (docs/decisions/022-onboarding-banner.md). `ensure` saves it to the profile before
 * the order is sent; false when it is missing or could not be saved (the field then says why).
 */
export function useOrderPhone(user: SessionUser | null) {
  const [asked, setAsked] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, isPending } = useSaveProfilePhone();
  // Asked once the signed-in profile lacks it, and kept on screen after it was saved.
  if (!asked && user && !user.phone?.trim()) setAsked(true);

  const change = (next: string) => {
    setValue(next);
    setError(null);
  };

  const ensure = useCallback(async (): Promise<boolean> => {
    if (!asked || !user) return true;
    const phone = value.trim();
    if (!phone) {
      setError(BOOKING_MESSAGES.phone);
      return false;
    }
    if (phone === user.phone?.trim()) return true;
    try {
      await mutateAsync(phone);
      return true;
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : 'Die Telefonnummer konnte nicht gespeichert werden. Bitte versuche es erneut.',
      );
      return false;
    }
  }, [asked, user, value, mutateAsync]);

  return { asked, value, change, ensure, error, saving: isPending };
}
