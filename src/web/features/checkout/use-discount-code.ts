import { useState } from 'react';
import {
  CODE_PATTERN,
  DISCOUNT_CODE_MESSAGES,
  normalizeCode,
  type DiscountCodePreview,
} from '@shared/discount-codes';
import { ApiError } from '@web/lib/api-client';
import { useCheckDiscountCode } from './api/check-discount-code';

export const CODE_CHECK_FAILED =
  'Der Code konnte nicht geprüft werden. Bitte versuche es gleich noch einmal.';

/**
 * The checkout's 'Gutscheincode' (docs/product/ticket-categories.md#codes): typed, redeemed with 'Einlösen'
 * (the server says what it does, or why not, in German), removed again. Only a redeemed code is sent with the
 * order; the server checks it once more and its refusal lands under the field (`refuse`).
 */
export function useDiscountCode(eventId: string) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<DiscountCodePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckDiscountCode();

  /** True when the code was redeemed. */
  const redeem = async (): Promise<boolean> => {
    const code = normalizeCode(text);
    if (!CODE_PATTERN.test(code)) {
      setError(DISCOUNT_CODE_MESSAGES.format);
      return false;
    }
    try {
      const preview = await check.mutateAsync({ eventId, code });
      setApplied(preview);
      setText(preview.code);
      setError(null);
      return true;
    } catch (failure) {
      setApplied(null);
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : CODE_CHECK_FAILED);
      return false;
    }
  };

  const remove = () => {
    setApplied(null);
    setText('');
    setError(null);
  };

  const change = (value: string) => {
    setText(value);
    setError(null);
  };

  const refuse = (message: string) => {
    setApplied(null);
    setError(message);
  };

  /** Typed but not redeemed: the order redeems it first, so the buyer sees the price before paying. */
  const pending = text.trim() !== '' && (!applied || normalizeCode(text) !== applied.code);

  return { text, change, applied, error, redeem, remove, refuse, pending, busy: check.isPending };
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>;
