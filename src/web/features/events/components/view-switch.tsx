import { CalendarDays, LayoutGrid } from 'lucide-react';
import type { ViewMode } from '../use-view-mode';

const OPTIONS: { value: ViewMode; label: string; icon: typeof LayoutGrid }[] = [
  { value: 'cards', label: 'Kartenansicht', icon: LayoutGrid },
  { value: 'timetable', label: 'Kalender', icon: CalendarDays },
];

/** The toggle 'Kartenansicht' / 'Kalender' (docs/product/events.md#home-views). */
export function ViewSwitch({ view, onChange }: { view: ViewMode; onChange: (next: ViewMode) => void }) {
  return (
    <div
      role="group"
      aria-label="Ansicht"
      className="inline-flex rounded-lg border border-border bg-card p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => {
        const active = view === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(value)}
            className={`inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium transition-colors ${
              active ? 'bg-primary text-primary-foreground shadow-sm' : 'text-foreground hover:bg-muted'
            }`}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
