import type { ReactNode } from 'react';

/**
 * A wide table of the admin screens: a card that scrolls sideways on narrow screens, a caption for screen
 * readers, one row of column heads (after `lead`, e.g. a select-all box) and the body rows. `minWidth` is a
 * Tailwind class written out by the caller (`min-w-[60rem]`), so the build finds it.
 */
export function AdminTable({
  caption,
  columns,
  minWidth,
  rightAligned,
  lead,
  children,
}: {
  caption: string;
  columns: readonly string[];
  minWidth: string;
  /** Columns of amounts, set flush right like their cells. */
  rightAligned?: ReadonlySet<string>;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card text-card-foreground">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {lead}
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={rightAligned?.has(column) ? 'px-3 py-3 text-right' : 'px-3 py-3'}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
