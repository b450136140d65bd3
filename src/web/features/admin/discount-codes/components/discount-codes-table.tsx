import type { AdminDiscountCode } from '@shared/discount-code-schemas';
import { discountLabel } from '@shared/discount-codes';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort, formatPrice } from '@web/lib/format';
import { AdminTable } from '@web/features/admin/kit/admin-table';

export const CODE_COLUMNS = [
  'Code',
  'Rabatt',
  'Gilt für',
  'Einlösungen',
  'Umsatz',
  'Gültig bis',
  'Aktiv',
  'Aktionen',
] as const;
const RIGHT = new Set<string>(['Einlösungen', 'Umsatz']);

/** 'Alle Events', or the events' titles, then the categories it is limited to. */
export function scopeText(code: AdminDiscountCode): string {
  const events =
    code.events.length === 0 ? 'Alle Events' : code.events.map((event) => event.title).join(', ');
  if (code.categories.length === 0) return events;
  return `${events} · ${code.categories.map((category) => category.name).join(', ')}`;
}

/** '3 / 20', or '3 / ∞' without a limit. */
export const usesText = (code: AdminDiscountCode) => `${code.uses} / ${code.maxUses ?? '∞'}`;

export interface CodeActions {
  onEdit: (code: AdminDiscountCode) => void;
  onToggleActive: (code: AdminDiscountCode) => void;
  onDelete: (code: AdminDiscountCode) => void;
}

/** The codes with their uses and revenue (docs/product/ticket-categories.md#codes). */
export function DiscountCodesTable({ codes, actions }: { codes: AdminDiscountCode[]; actions: CodeActions }) {
  return (
    <AdminTable caption="Gutscheincodes" columns={CODE_COLUMNS} minWidth="min-w-[60rem]" rightAligned={RIGHT}>
      {codes.map((code) => (
        <tr key={code.id} className="border-b border-border last:border-0 align-top">
          <td className="px-3 py-3 font-mono font-semibold">
            {code.code}
            {code.note && <p className="font-sans text-xs font-normal text-muted-foreground">{code.note}</p>}
          </td>
          <td className="px-3 py-3">{discountLabel(code.kind, code.value)}</td>
          <td className="px-3 py-3">{scopeText(code)}</td>
          <td className="px-3 py-3 text-right tabular-nums">{usesText(code)}</td>
          <td className="px-3 py-3 text-right tabular-nums">
            {formatPrice(code.revenueCents)}
            {code.discountCents > 0 && (
              <p className="text-xs text-muted-foreground">{formatPrice(code.discountCents)} Rabatt</p>
            )}
          </td>
          <td className="px-3 py-3 whitespace-nowrap">
            {code.validUntil ? formatDateTimeShort(code.validUntil) : '–'}
          </td>
          <td className="px-3 py-3">
            {code.active ? <Badge tone="success">Aktiv</Badge> : <Badge>Inaktiv</Badge>}
          </td>
          <td className="px-3 py-3">
            <div className="flex flex-wrap gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Bearbeiten: ${code.code}`}
                onClick={() => actions.onEdit(code)}
              >
                Bearbeiten
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${code.active ? 'Deaktivieren' : 'Aktivieren'}: ${code.code}`}
                onClick={() => actions.onToggleActive(code)}
              >
                {code.active ? 'Deaktivieren' : 'Aktivieren'}
              </Button>
              {code.deletable && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Löschen: ${code.code}`}
                  onClick={() => actions.onDelete(code)}
                >
                  Löschen
                </Button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
