import { useState } from 'react';
import type { z } from 'zod';
import { SETTINGS_MESSAGES } from '@shared/admin-settings';
import { useSavedFlash } from '@web/lib/use-saved-flash';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';

/**
 * The save of a simple settings form: checks the input with the card's schema, sends it, shows 'Gespeichert'
 * for 3 s; a refused input or a failed save is the form's error (and a toast, for a failed save).
 */
export function useSettingsSave<Schema extends z.ZodType>(
  schema: Schema,
  save: (input: z.output<Schema>) => Promise<unknown>,
) {
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useSavedFlash();

  const submit = async (input: unknown) => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.saveFailed);
      return;
    }
    setError(null);
    try {
      await save(parsed.data);
      flashSaved();
    } catch (failure) {
      const message = messageOf(failure, SETTINGS_MESSAGES.saveFailed);
      setError(message);
      toast.error(message);
    }
  };

  return { error, saved, submit };
}
