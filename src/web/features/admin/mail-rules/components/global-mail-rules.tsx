import { Plus } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useMailRules } from '../api/get-mail-rules';
import { EMPTY_RULE_VALUES } from '../mail-rule-form-values';
import { MailRuleRow, RuleActions, RuleSwitch } from './mail-rule-row';
import { useRuleDialogs } from './use-rule-dialogs';
import { ErrorText } from '@web/components/ui/error-text';

/** The global rules, for every event (docs/product/event-mails.md#mail-rules): list, switch, edit, log, delete. */
export function GlobalMailRules() {
  const list = useMailRules();
  const rules = (list.data?.rules ?? []).filter((rule) => rule.eventId === null);
  const { edit, showLog, askDelete, toggle, togglingId, dialogs } = useRuleDialogs();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">Regeln für alle Events</h3>
        <Button size="sm" onClick={() => edit({ kind: 'create', values: EMPTY_RULE_VALUES })}>
          <Plus className="h-4 w-4" aria-hidden />
          Neue Regel
        </Button>
      </div>
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">Wird geladen …</p>
      ) : list.isError ? (
        <ErrorText alert={false}>Fehler beim Laden</ErrorText>
      ) : rules.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Noch keine Regeln. Mit „Neue Regel“ legst du z. B. eine Erinnerung 2 Tage vor Beginn an.
        </p>
      ) : (
        <ul aria-label="Regeln für alle Events" className="divide-y divide-border">
          {rules.map((rule) => (
            <MailRuleRow
              key={rule.id}
              rule={rule}
              control={<RuleSwitch rule={rule} busy={togglingId === rule.id} onToggle={toggle} />}
            >
              <RuleActions
                onEdit={() => edit({ kind: 'edit', rule })}
                onLog={() => showLog(rule)}
                onDelete={() => askDelete(rule)}
              />
            </MailRuleRow>
          ))}
        </ul>
      )}
      {dialogs}
    </div>
  );
}
