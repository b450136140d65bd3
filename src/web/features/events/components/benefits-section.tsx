import { CalendarCheck, HeartHandshake, Sparkles } from 'lucide-react';

// The start page's promises: easy booking, quality events, flexible cancellation.
const BENEFITS = [
  {
    icon: CalendarCheck,
    title: 'Einfach buchen',
    text: 'Anmelden mit einem Code per E-Mail, Ticket wählen, online bezahlen – fertig.',
  },
  {
    icon: Sparkles,
    title: 'Hochwertige Events',
    text: 'Kleine Gruppen, erfahrene Begleitung und Orte, an denen du zur Ruhe kommst.',
  },
  {
    icon: HeartHandshake,
    title: 'Flexible Stornierung',
    text: 'Bis 14 Tage vor Beginn kostenfrei stornieren, eine Ersatzperson ist immer möglich.',
  },
];

export function BenefitsSection() {
  return (
    <section aria-labelledby="benefits-heading" className="bg-muted/50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="benefits-heading" className="sr-only">
          Deine Vorteile
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6">
              <Icon className="h-6 w-6 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
