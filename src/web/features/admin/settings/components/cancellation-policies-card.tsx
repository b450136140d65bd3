import { Plus } from 'lucide-react';
import { useState } from 'react';
import {
  NEW_RULE,
  POLICY_MESSAGES,
  policyInputSchema,
  type CancellationPolicy,
  type CancellationRule,
} from '@shared/cancellation-policies';
import { SettingsCard } from '@web/components/ui/settings-card';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { checkboxClass, labelClass } from '@web/features/admin/kit/admin-styles';
import { usePolicies } from '../api/get-policies';
import { useCreatePolicy, useUpdatePolicy } from '../api/save-policy';
import { useCreateRule, useDeleteRule } from '../api/save-rule';
import { PolicyEventsList, policyLabel } from './policy-events-list';
import { PolicyRuleRow } from './policy-rule-row';
import { loadFailedText } from './server-message';
import { Input, Select } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

/** Policy choice, name and active flag, rules, events (docs/product/admin.md#policies-screen). */
export function CancellationPoliciesCard() {
  const policies = usePolicies();
  const create = useCreatePolicy();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = policies.data ?? [];
  const chosen = list.find((policy) => policy.id === chosenId) ?? list[0] ?? null;

  const createNew = async () => {
    try {
      const created = await create.mutateAsync();
      setChosenId(created.id);
    } catch (error) {
      toast.error(messageOf(error, POLICY_MESSAGES.saveFailed));
    }
  };

  return (
    <SettingsCard
      id="policies"
      title="Stornierungsrichtlinien"
      description="Regeln nach Vorlaufzeit: Es gilt die Regel mit der größten Vorlaufzeit, die bis zum Beginn noch erreicht ist. Ohne Richtlinie gelten die Standardstufen."
    >
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-64 flex-1 flex-col gap-1.5">
            <label htmlFor="policy-choice" className={labelClass}>
              Richtlinie
            </label>
            <Select
              size="sm"
              id="policy-choice"
              value={chosen?.id ?? ''}
              onChange={(event) => setChosenId(event.target.value)}
              disabled={list.length === 0}
            >
              {list.length === 0 && <option value="">Noch keine Richtlinie</option>}
              {list.map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {policyLabel(policy)}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" onClick={() => void createNew()} disabled={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden />
            {POLICY_MESSAGES.newPolicyName}
          </Button>
        </div>
        {policies.isError && <ErrorText>{loadFailedText(policies.error)}</ErrorText>}
        {chosen && <PolicyEditor key={chosen.id} policy={chosen} />}
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">Events</h3>
          <PolicyEventsList policies={list} />
        </div>
      </div>
    </SettingsCard>
  );
}

function PolicyEditor({ policy }: { policy: CancellationPolicy }) {
  const [name, setName] = useState(policy.name);
  const [isActive, setIsActive] = useState(policy.isActive);
  const update = useUpdatePolicy();
  const addRule = useCreateRule();
  const removeRule = useDeleteRule();
  const [deleting, setDeleting] = useState<CancellationRule | null>(null);

  const save = async () => {
    const parsed = policyInputSchema.safeParse({ name, isActive });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? POLICY_MESSAGES.saveFailed);
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: policy.id, ...parsed.data });
      setName(saved.name); // an empty name came back as 'Ohne Namen'
      toast.success(POLICY_MESSAGES.saved);
    } catch (error) {
      toast.error(messageOf(error, POLICY_MESSAGES.saveFailed));
    }
  };

  const add = async () => {
    try {
      await addRule.mutateAsync({ policyId: policy.id, ...NEW_RULE });
    } catch (error) {
      toast.error(messageOf(error, POLICY_MESSAGES.saveFailed));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await removeRule.mutateAsync(deleting.id);
    } catch (error) {
      toast.error(messageOf(error, POLICY_MESSAGES.deleteFailed));
    }
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="flex min-w-64 flex-1 flex-col gap-1.5">
          <label htmlFor="policy-name" className={labelClass}>
            Name
          </label>
          <Input
            size="sm"
            id="policy-name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(event) => setIsActive(event.target.checked)}
            className={checkboxClass}
          />
          Aktiv
        </label>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
      </form>

      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold">Regeln</h3>
        {policy.rules.length === 0 ? (
          <p className="text-sm text-muted-foreground">{POLICY_MESSAGES.emptyRules}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {policy.rules.map((rule, index) => (
              <PolicyRuleRow key={rule.id} rule={rule} index={index} onDelete={setDeleting} />
            ))}
          </ul>
        )}
        <div>
          <Button variant="secondary" size="sm" onClick={() => void add()} disabled={addRule.isPending}>
            <Plus className="h-4 w-4" aria-hidden />
            Regel hinzufügen
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={POLICY_MESSAGES.confirmDeleteRule}
        inlineActions
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
