import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { OPERATOR_FIELD_LABELS, type OperatorField } from '@shared/operator-data';
import { linkClass } from './dashboard-panel';

/**
 * Shown while required data of the card 'Rechtliches & Betreiber' is missing (docs/decisions/021): until then
 * imprint, privacy policy and terms show placeholders, so the shop is not ready to go live.
 */
export function LegalDataWarning({ missing }: { missing: OperatorField[] }) {
  if (missing.length === 0) return null;
  return (
    <section
      aria-labelledby="legal-data-warning"
      className="flex gap-3 rounded-2xl border border-warning/40 bg-warning-bg p-4 text-foreground sm:p-6"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id="legal-data-warning" className="text-lg font-semibold tracking-tight">
          Rechtliche Angaben unvollständig
        </h2>
        <p className="text-sm">Impressum, Datenschutzerklärung und AGB zeigen noch Platzhalter. Es fehlen:</p>
        <ul className="list-disc pl-5 text-sm">
          {missing.map((field) => (
            <li key={field}>{OPERATOR_FIELD_LABELS[field]}</li>
          ))}
        </ul>
        <p className="text-sm">
          <Link to="/admin/settings#legal" className={`${linkClass} underline`}>
            In den Einstellungen unter „Rechtliches &amp; Betreiber“ ergänzen
          </Link>
        </p>
      </div>
    </section>
  );
}
