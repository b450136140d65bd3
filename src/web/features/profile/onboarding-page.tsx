import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DSGVO_CONSENT_PARTS, MARKETING_CONSENT_TEXT } from '@shared/consent-texts';
import { givenFullName, PROFILE_MESSAGES } from '@shared/profile';
import { onboardingSchema } from '@shared/profile-schemas';
import { safeRedirectTarget } from '@shared/session';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';
import { useSession } from '@web/lib/session';
import { useSettings } from '@web/lib/settings';
import { useCompleteOnboarding } from './api/complete-onboarding';

const HEADING = 'Willkommen! Lass uns dein Account vervollständigen';

/**
 * Where to go afterwards: the page the user came from (state.from.pathname), else /profile
 * (docs/product/accounts-and-consent.md#onboarding-return).
 */
function targetOf(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown } } | null)?.from?.pathname;
  const target = safeRedirectTarget(from, '/profile');
  return target.startsWith('/onboarding') ? '/profile' : target;
}

/** Onboarding (docs/product/accounts-and-consent.md#onboarding-writes). */
export function OnboardingPage() {
  usePageTitle('Onboarding');
  const { user } = useSession();
  const settings = useSettings();
  const location = useLocation();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const [fullName, setFullName] = useState(() => givenFullName(user));
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [dsgvo, setDsgvo] = useState(user?.hasDsgvoConsent ?? false);
  const [newsletter, setNewsletter] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!settings.onboarding.enabled) {
    return (
      <section className="mx-auto max-w-lg px-4 py-12">
        <h1 className="text-2xl font-semibold tracking-tight">{HEADING}</h1>
        <p className="mt-4 text-muted-foreground">Onboarding ist aktuell deaktiviert.</p>
      </section>
    );
  }

  const submit = async () => {
    const parsed = onboardingSchema.safeParse({ fullName, phone, dsgvo, newsletter });
    if (!parsed.success) {
      setError(PROFILE_MESSAGES.onboarding);
      return;
    }
    setError(null);
    try {
      await complete.mutateAsync(parsed.data);
      navigate(targetOf(location.state), { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : PROFILE_MESSAGES.onboarding);
    }
  };

  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-semibold tracking-tight">{HEADING}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Damit du Tickets buchen kannst, brauchen wir deinen Namen und deine Telefonnummer.
      </p>
      <form
        className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-card p-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label="Vollständiger Name">
          <Input
            autoComplete="name"
            required
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            aria-invalid={error && !fullName.trim() ? true : undefined}
          />
        </Field>
        <Field label="Telefonnummer">
          <Input
            type="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-invalid={error && !phone.trim() ? true : undefined}
          />
        </Field>
        <div className="flex items-start gap-3">
          <input
            id="onboarding-dsgvo"
            type="checkbox"
            required
            checked={dsgvo}
            onChange={(event) => setDsgvo(event.target.checked)}
            aria-invalid={error && !dsgvo ? true : undefined}
            className="mt-1 h-5 w-5 shrink-0 accent-primary"
          />
          <label htmlFor="onboarding-dsgvo" className="text-sm">
            {DSGVO_CONSENT_PARTS.before}
            <a
              href={settings.legal.privacyUrl}
              target="_blank"
              rel="noopener"
              className="font-medium underline underline-offset-2"
            >
              {DSGVO_CONSENT_PARTS.link}
            </a>
            {DSGVO_CONSENT_PARTS.after} <span aria-hidden>*</span>
          </label>
        </div>
        <div className="flex items-start gap-3">
          <input
            id="onboarding-newsletter"
            type="checkbox"
            checked={newsletter}
            onChange={(event) => setNewsletter(event.target.checked)}
            className="mt-1 h-5 w-5 shrink-0 accent-primary"
          />
          <label htmlFor="onboarding-newsletter" className="text-sm">
            {MARKETING_CONSENT_TEXT} (optional)
          </label>
        </div>
        {error && <ErrorText>{error}</ErrorText>}
        <Button type="submit" size="lg" disabled={complete.isPending}>
          {complete.isPending ? 'Wird gespeichert …' : 'Weiter'}
        </Button>
      </form>
    </section>
  );
}
