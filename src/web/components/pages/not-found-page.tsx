import { Link, useNavigate } from 'react-router';
import { buttonClasses, Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';

/** 'Seite nicht gefunden' with buttons to the start page and back (docs/product/site.md#routes). */
export function NotFoundPage() {
  usePageTitle('Seite nicht gefunden');
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-serif text-6xl font-semibold text-primary">404</p>
      <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight">Seite nicht gefunden</h1>
      <p className="mt-3 text-muted-foreground">
        Die Adresse gibt es nicht (mehr). Vielleicht findest du auf der Startseite, was du suchst.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          Zur Startseite
        </Link>
        <Button variant="secondary" size="lg" onClick={() => navigate(-1)}>
          Zurück
        </Button>
      </div>
    </section>
  );
}
