import type { ReactNode } from 'react';

/**
 * The tables of 'Kontoauszüge': a table on wide screens; on phones each row is a card with its labels (one
 * markup, so nothing is said twice to a screen reader).
 */
export const tableClass = {
  frame: 'md:overflow-x-auto md:rounded-2xl md:border md:border-border md:bg-card md:text-card-foreground',
  head: 'sr-only border-b border-border text-xs uppercase tracking-wide text-muted-foreground md:not-sr-only md:table-header-group',
  body: 'flex flex-col gap-3 md:table-row-group',
  row: 'flex flex-col gap-2 rounded-2xl border border-border bg-card p-4 text-card-foreground md:table-row md:rounded-none md:border-0 md:border-b md:p-0 md:last:border-b-0',
} as const;

/** A cell; on phones its column's name stands above it (the header row is hidden there). */
export function Cell({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`block md:table-cell md:px-3 md:py-3 md:align-top ${className}`}>
      <span aria-hidden className="block text-xs text-muted-foreground md:hidden">
        {label}
      </span>
      {children}
    </td>
  );
}

/** The header row; `right` names the columns of amounts. */
export function HeadRow({ columns, right = [] }: { columns: readonly string[]; right?: readonly string[] }) {
  return (
    <tr>
      {columns.map((column) => (
        <th key={column} scope="col" className={`px-3 py-3 ${right.includes(column) ? 'text-right' : ''}`}>
          {column}
        </th>
      ))}
    </tr>
  );
}
