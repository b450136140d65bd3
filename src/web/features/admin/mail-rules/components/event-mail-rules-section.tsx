import { Plus } from 'lucide-react';
import type { MailRule } from '@shared/mail-rules';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useMailRules } from '../api/get-mail-rules';
import { EMPTY_RULE_VALUES, valuesOf } from '../mail-rule-form-values';
import { MailRuleRow, RuleActions, RuleSwitch } from './mail-rule-row';
import { useRuleDialogs } from './use-rule-dialogs';
import { ErrorText } from '@web/components/ui/error-text';

/** The rules in force for one event: each global rule or the event's fassung of it, then its own rules. */
function rulesInForce(rules: MailRule[], eventId: string) {
  const globals = rules.filter((rule) => rule.eventId === null);
  const mine = rules.filter((rule) => rule.eventId === eventId);
  const globalIds = new Set(globals.map((rule) => rule.id));
  return {
    global: globals.map((rule) => ({
      rule,
      fassung: mine.find((candidate) => candidate.overridesRuleId === rule.id),
    })),
    // a fassung whose global rule is gone counts as the event's own rule
    own: mine.filter((rule) => !rule.overridesRuleId || !globalIds.has(rule.overridesRuleId)),
  };
}

/**
 * 'Automatische E-Mails für dieses Event' on the event's edit page (docs/product/event-mails.md#event-override):
 * a global rule can be adapted for this event (a fassung that replaces it here) and reset again, and the
 * event can have rules of its own. The preview fills the placeholders with this event's first ticket.
 */
export function EventMailRulesSection({ eventId }: { eventId: string }) {
  const list = useMailRules(eventId);
  const { global, own } = rulesInForce(list.data?.rules ?? [], eventId);
  const { edit, showLog, askDelete, toggle, togglingId, dialogs } = useRuleDialogs(eventId);
  const switchOf = (rule: MailRule) => (
    <RuleSwitch rule={rule} busy={togglingId === rule.id} onToggle={toggle} />
  );

  return (
    <section
      aria-labelledby="event-mail-rules-heading"
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground sm:p-6"
    >
      <h2 id="event-mail-rules-heading" className="text-lg font-semibold">
        Automatische E-Mails für dieses Event
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Die allgemeinen Regeln aus den Einstellungen gelten für jedes Event. Hier passt du sie für dieses
        Event an oder legst eigene an.
      </p>
      {list.isPending ? (
        <p className="mt-4 text-sm text-muted-foreground">Wird geladen …</p>
      ) : list.isError ? (
        <ErrorText alert={false} className="mt-4">
          Fehler beim Laden
        </ErrorText>
      ) : (
        <ul aria-label="Regeln für dieses Event" className="mt-2 divide-y divide-border">
          {global.map(({ rule, fassung }) =>
            fassung ? (
              <MailRuleRow
                key={rule.id}
                rule={fassung}
                note={<Badge tone="primary">Für dieses Event angepasst</Badge>}
                control={switchOf(fassung)}
              >
                <RuleActions
                  onEdit={() => edit({ kind: 'edit', rule: fassung })}
                  onLog={() => showLog(fassung)}
                  onDelete={() => askDelete(fassung, rule.name)}
                  deleteLabel="Zurücksetzen"
                />
              </MailRuleRow>
            ) : (
              <MailRuleRow
                key={rule.id}
                rule={rule}
                note={<Badge>Für alle Events</Badge>}
                control={
                  <Badge tone={rule.enabled ? 'success' : 'neutral'}>{rule.enabled ? 'an' : 'aus'}</Badge>
                }
              >
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    edit({ kind: 'create', values: valuesOf(rule), eventId, overridesRuleId: rule.id })
                  }
                >
                  Für dieses Event anpassen
                </Button>
              </MailRuleRow>
            ),
          )}
          {own.map((rule) => (
            <MailRuleRow
              key={rule.id}
              rule={rule}
              note={<Badge tone="primary">Nur dieses Event</Badge>}
              control={switchOf(rule)}
            >
              <RuleActions
                onEdit={() => edit({ kind: 'edit', rule })}
                onLog={() => showLog(rule)}
                onDelete={() => askDelete(rule)}
              />
            </MailRuleRow>
          ))}
          {global.length === 0 && own.length === 0 && (
            <li className="py-4 text-sm text-muted-foreground">Für dieses Event gibt es keine Regeln.</li>
          )}
        </ul>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        onClick={() => edit({ kind: 'create', values: EMPTY_RULE_VALUES, eventId })}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Eigene Regel für dieses Event
      </Button>
      {dialogs}
    </section>
  );
}
