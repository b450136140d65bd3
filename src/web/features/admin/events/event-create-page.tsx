import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_EVENT_MESSAGES, type AdminEventCreateInput } from '@shared/admin-events';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { toast } from '@web/lib/toast';
import { useEventFormOptions } from './api/get-event-form-options';
import { useCreateAdminEvent } from './api/save-admin-event';
import { EventForm } from './components/event-form';
import { AFTER_SAVE } from './components/unsaved-changes-guard';
import { emptyFormValues } from './event-form-values';
import { failureText, formErrorsOf } from './form-errors';

/**
 * After creating, the editor of the new event opens for cover and organizers
 * (docs/product/events.md#event-defaults).
 */
export function EventCreatePage() {
  usePageTitle('Neues Event erstellen');
  const { timezone } = useSettings();
  const [initial] = useState(() => emptyFormValues(timezone.name));
  const options = useEventFormOptions();
  const create = useCreateAdminEvent();
  const navigate = useNavigate();

  const submit = async (input: AdminEventCreateInput) => {
    try {
      const event = await create.mutateAsync(input);
      toast.success(ADMIN_EVENT_MESSAGES.saved);
      void navigate(`/admin/events/${event.id}/edit`, { state: AFTER_SAVE });
    } catch (error) {
      toast.error(failureText(ADMIN_EVENT_MESSAGES.createFailed, error));
      return formErrorsOf(error, (input.categories?.length ?? 1) <= 1) ?? undefined;
    }
  };

  return (
    <section aria-labelledby="create-heading" className="flex flex-col gap-5">
      <h1 id="create-heading" className="text-2xl font-semibold tracking-tight">
        Neues Event erstellen
      </h1>
      <p className="text-sm text-muted-foreground">
        Felder mit * sind Pflicht. Das Titelbild lädst du nach dem Erstellen hoch.
      </p>
      <EventForm
        mode="create"
        initial={initial}
        options={options.data}
        busy={create.isPending}
        onSubmit={submit}
      />
    </section>
  );
}
