import type { FeedbackResults } from '@shared/feedback-texts';

/**
 * How many answers gave 5 … 1 stars, as a table whose bars show the share (docs/product/feedback.md#results):
 * the numbers are the text, the bars only repeat them.
 */
export function StarDistribution({
  distribution,
  total,
}: {
  distribution: FeedbackResults['distribution'];
  total: number;
}) {
  const rows = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: distribution[stars - 1] ?? 0 }));
  return (
    <table className="mt-4 w-full max-w-md text-sm">
      <caption className="sr-only">Verteilung der Sterne</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Sterne</th>
          <th scope="col">Anteil</th>
          <th scope="col">Antworten</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ stars, count }) => (
          <tr key={stars}>
            <th scope="row" className="w-20 py-1 pr-3 text-left font-normal whitespace-nowrap">
              {stars === 1 ? '1 Stern' : `${stars} Sterne`}
            </th>
            <td className="py-1" aria-hidden>
              <div className="h-2.5 w-full rounded-full bg-muted">
                <div
                  className="h-2.5 rounded-full bg-primary"
                  style={{ width: `${total ? (count / total) * 100 : 0}%` }}
                />
              </div>
            </td>
            <td className="w-10 py-1 pl-3 text-right tabular-nums">{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
