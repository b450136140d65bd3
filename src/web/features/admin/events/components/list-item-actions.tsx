import { Button } from '@web/components/ui/button';

/**
 * 'Nach oben', 'Nach unten' and 'Entfernen' of one card in an ordered list (ticket categories, questions).
 * The visible words are short; the accessible names say which item, e.g. 'Ticketart „Regulär“ nach oben'.
 */
export function ListItemActions(props: {
  /** e.g. 'Ticketart „Regulär“' */
  itemName: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** With one item left: no 'Entfernen' (an event keeps at least one category). */
  canRemove?: boolean;
}) {
  const { itemName, index, count, onMove, onRemove, canRemove = true } = props;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${itemName} nach oben`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑ Nach oben
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${itemName} nach unten`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓ Nach unten
      </Button>
      {canRemove && (
        <Button size="sm" variant="secondary" aria-label={`${itemName} entfernen`} onClick={onRemove}>
          Entfernen
        </Button>
      )}
    </div>
  );
}
