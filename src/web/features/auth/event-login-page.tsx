import { ArrowLeft, CreditCard, Landmark, MailCheck, Ticket } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { signInPayStep } from '@shared/content/payment-texts';
import { EventCover } from '@web/components/event-cover';
import { buttonClasses } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useSession } from '@web/lib/session';
import { useOfferedPaymentMethods } from '@web/lib/payment-methods';
import { useEventForLogin } from './api/get-event';
import { isCompletingSignIn, storedRedirect } from './auth-storage';
import { SignInCard } from './components/sign-in-card';
import { useRememberedOrigin } from './login-page';

// The steps shown beside the card: confirm e-mail, select tickets, pay: by card through a payment provider
// (the spec), or as the shop's settings offer it (docs/product/site.md#payment-texts).
function useSteps() {
  const methods = useOfferedPaymentMethods();
  return [
    { icon: MailCheck, text: 'E-Mail bestätigen' },
    { icon: Ticket, text: 'Tickets auswählen' },
    { icon: methods.card || !methods.bankTransfer ? CreditCard : Landmark, text: signInPayStep(methods) },
  ];
}

/**
 * /event/{slug}/login: the sign-in card branded with the event
 * (docs/product/booking-and-seats.md#book-button).
 */
export function EventLoginPage() {
  const { slug = '' } = useParams();
  const { data: event, error } = useEventForLogin(slug);
  // An unknown event reads 'Event nicht gefunden' here as on its page
  // (docs/product/events.md#visible-to-visitors), instead of a sign-in card for no event
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(event ? `Anmelden · ${event.title}` : notFound ? 'Event nicht gefunden' : 'Anmelden');
  useRememberedOrigin();
  const { status } = useSession();
  const steps = useSteps();
  if (status === 'signed-in' && !isCompletingSignIn()) return <Navigate to={storedRedirect()} replace />;
  if (notFound) return <EventNotFound />;
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={`/event/${slug}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Zurück zum Event
      </Link>
      {event && (
        <div className="overflow-hidden rounded-xl border border-border">
          {event.imageUrl && <EventCover event={event} className="aspect-[2.818] w-full" />}
          <div className="p-4">
            <p className="font-semibold">{event.title}</p>
            {event.shortDescription && (
              <p className="mt-1 text-sm text-muted-foreground">{event.shortDescription}</p>
            )}
          </div>
        </div>
      )}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Anmelden und buchen</h1>
        <ol className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">
          {steps.map(({ icon: Icon, text }, index) => (
            <li key={text} className="flex items-center gap-2">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
                {index + 1}
              </span>
              <Icon className="h-4 w-4 shrink-0" aria-hidden />
              {text}
            </li>
          ))}
        </ol>
      </div>
      <SignInCard />
    </div>
  );
}

function EventNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Event nicht gefunden</h1>
      <p className="text-muted-foreground">
        Diese Veranstaltung gibt es nicht (mehr) oder sie ist nicht öffentlich.
      </p>
      <Link to="/" className={`${buttonClasses('primary')} mt-3`}>
        Alle Veranstaltungen
      </Link>
      <Link to="/login" className="text-sm text-muted-foreground underline underline-offset-2">
        Zur Anmeldung
      </Link>
    </div>
  );
}
