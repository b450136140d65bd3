import type { ReactNode } from 'react';
import type { MailRule } from '@shared/mail-rules';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { ruleSummary } from '../mail-rule-timing';

/** 'an'/'aus' of a rule, as a switch; off while its change is on the way. */
export function RuleSwitch({
  rule,
  busy,
  onToggle,
}: {
  rule: MailRule;
  busy: boolean;
  onToggle: (rule: MailRule) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={rule.enabled}
      aria-label={`${rule.name} aktiv`}
      disabled={busy}
      onClick={() => onToggle(rule)}
      className="inline-flex items-center gap-2 rounded-full text-sm font-medium disabled:opacity-50"
    >
      <span
        aria-hidden
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full border border-input transition-colors ${rule.enabled ? 'bg-primary' : 'bg-muted'}`}
      >
        <span
          className={`absolute top-0.5 h-4.5 w-4.5 rounded-full bg-background shadow transition-transform ${rule.enabled ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </span>
      {rule.enabled ? 'an' : 'aus'}
    </button>
  );
}

/** 'Noch nichts gesendet' or '12 gesendet · zuletzt 14.03.2026 18:30'. */
export function sentText(rule: Pick<MailRule, 'sentCount' | 'lastSentAt'>): string {
  if (rule.sentCount === 0) return 'Noch nichts gesendet';
  const last = rule.lastSentAt ? ` · zuletzt ${formatDateTimeShort(rule.lastSentAt)}` : '';
  return `${rule.sentCount} gesendet${last}`;
}

/**
 * One rule in a list: name (and a note such as 'Angepasst für dieses Event'), its switch, when and to whom,
 * what it has sent; the actions come from the list.
 */
export function MailRuleRow({
  rule,
  note,
  control,
  children,
}: {
  rule: MailRule;
  note?: ReactNode;
  /** The switch, or a plain state where the rule cannot be switched here. */
  control: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {rule.name}
          {note}
        </p>
        <p className="text-sm text-muted-foreground">{ruleSummary(rule)}</p>
        <p className="text-sm text-muted-foreground">{sentText(rule)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {control}
        {children}
      </div>
    </li>
  );
}

/** A rule's three actions: 'Bearbeiten', 'Versandprotokoll', and 'Löschen' (or 'Zurücksetzen' for a fassung). */
export function RuleActions({
  onEdit,
  onLog,
  onDelete,
  deleteLabel = 'Löschen',
}: {
  onEdit: () => void;
  onLog: () => void;
  onDelete: () => void;
  deleteLabel?: string;
}) {
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        Bearbeiten
      </Button>
      <Button size="sm" variant="ghost" onClick={onLog}>
        Versandprotokoll
      </Button>
      <Button size="sm" variant="ghost" onClick={onDelete}>
        {deleteLabel}
      </Button>
    </>
  );
}
