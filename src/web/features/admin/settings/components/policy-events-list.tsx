import { POLICY_MESSAGES, type CancellationPolicy } from '@shared/cancellation-policies';
import { LoadingText } from '@web/components/ui/settings-card';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAssignEventPolicy, usePolicyEvents } from '../api/policy-events';
import { loadErrorOf } from './server-message';
import { Select } from '@web/components/ui/input';

export const policyLabel = (policy: Pick<CancellationPolicy, 'name' | 'isActive'>) =>
  policy.isActive ? policy.name : `${policy.name} (inaktiv)`;

/**
 * Each event's title with a policy dropdown: 'Keine' or a policy, inactive ones marked
 * (docs/product/admin.md#policies-screen).
 */
export function PolicyEventsList({ policies }: { policies: CancellationPolicy[] }) {
  const events = usePolicyEvents();
  const assign = useAssignEventPolicy();

  const choose = async (eventId: string, policyId: string | null) => {
    try {
      await assign.mutateAsync({ eventId, policyId });
      toast.success(POLICY_MESSAGES.saved);
    } catch (error) {
      toast.error(messageOf(error, POLICY_MESSAGES.saveFailed));
    }
  };

  if (!events.data) return <LoadingText error={loadErrorOf(events)} />;
  if (events.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{POLICY_MESSAGES.emptyEvents}</p>;
  }
  return (
    <ul className="divide-y divide-border rounded-xl border border-border">
      {events.data.map((event) => {
        const pending = assign.isPending && assign.variables?.eventId === event.id;
        return (
          <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
            <span className="min-w-0">
              <span className="font-medium">{event.title}</span>
              <span className="ml-2 text-xs text-muted-foreground">{formatDate(event.startTime)}</span>
            </span>
            <Select
              size="sm"
              aria-label={`Stornierungsrichtlinie für ${event.title}`}
              value={(pending ? assign.variables!.policyId : event.cancellationPolicyId) ?? ''}
              disabled={pending}
              onChange={(change) => void choose(event.id, change.target.value || null)}
              className="h-9 w-64"
            >
              <option value="">Keine</option>
              {policies.map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {policyLabel(policy)}
                </option>
              ))}
            </Select>
          </li>
        );
      })}
    </ul>
  );
}
