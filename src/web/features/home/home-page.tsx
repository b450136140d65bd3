import { CalendarCheck, HeartHandshake, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';

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

export function HomePage() {
  usePageTitle('');
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-2xl font-serif text-4xl font-semibold tracking-tight sm:text-5xl">
            Zeit für dich. Raum für Wachstum.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Workshops, Seminare und Retreats für Paare und Einzelne – in kleinen Gruppen, mit Herz und
            Erfahrung begleitet.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#events" className={buttonClasses('primary', 'lg')}>
              Veranstaltungen ansehen
            </a>
            <Link to="/help" className={buttonClasses('secondary', 'lg')}>
              Häufige Fragen
            </Link>
          </div>
        </div>
      </section>
      <section id="events" aria-labelledby="events-heading" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="events-heading" className="text-2xl font-semibold tracking-tight">
          Veranstaltungen
        </h2>
        <p className="mt-2 text-muted-foreground">Die Terminübersicht wird gerade aufgebaut.</p>
      </section>
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
    </>
  );
}
