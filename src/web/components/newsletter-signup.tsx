import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
// Only plain constants from the shared module: its zod schemas are pure and stay out of this bundle.
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_STORAGE_KEYS,
  newsletterEmailError,
  normalizeNewsletterEmail,
  type NewsletterSource,
  type SubscribeNewsletterResponse,
} from '@shared/newsletter';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { SmartLink } from '@web/components/ui/smart-link';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { useSettings } from '@web/lib/settings';
import { writeStorage } from '@web/lib/storage';

/**
 * The form's states: idle, loading, success, error (docs/product/accounts-and-consent.md#newsletter-form).
 */
type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

export interface NewsletterSignupProps {
  /** Where the form sits, recorded with the sign-up. */
  source: NewsletterSource;
  /** `compact`: smaller type for the footer; `default`: the home page's empty state and inline blocks. */
  variant?: 'default' | 'compact';
  /** The success message goes away after 5 s. */
  successResetMs?: number;
  /** A sign-up went out (and `newsletter-subscribed` is stored). */
  onSubscribed?: () => void;
}

/**
 * The newsletter sign-up (double opt-in, docs/product/accounts-and-consent.md#newsletter-double-opt-in):
 * e-mail field, submit, the messages, the note and the consent text. A sent form remembers
 * `newsletter-subscribed`, which the footer block reads on later visits.
 */
export function NewsletterSignup({
  source,
  variant = 'default',
  successResetMs = 5000,
  onSubscribed,
}: NewsletterSignupProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { legal } = useSettings();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const loading = status.kind === 'loading';
  const compact = variant === 'compact';

  useEffect(() => {
    if (status.kind !== 'success') return;
    const timer = window.setTimeout(() => setStatus({ kind: 'idle' }), successResetMs);
    return () => window.clearTimeout(timer);
  }, [status, successResetMs]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const error = newsletterEmailError(email);
    setFieldError(error);
    if (error) {
      setStatus({ kind: 'idle' });
      inputRef.current?.focus();
      return;
    }
    setStatus({ kind: 'loading' });
    try {
      const result = await apiFetch<SubscribeNewsletterResponse>('/api/newsletter/subscribe', {
        method: 'POST',
        body: JSON.stringify({
          email: normalizeNewsletterEmail(email),
          source,
          metadata: { page: window.location.pathname },
        }),
      });
      writeStorage('local', NEWSLETTER_STORAGE_KEYS.subscribed, 'true');
      onSubscribed?.();
      setEmail('');
      setStatus({
        kind: 'success',
        message: result.alreadySubscribed
          ? NEWSLETTER_MESSAGES.alreadySubscribed
          : NEWSLETTER_MESSAGES.success,
      });
    } catch (caught) {
      setStatus({ kind: 'error', message: messageOf(caught) });
    }
  };

  const inputId = `${id}-email`;
  const statusId = `${id}-status`;
  const consentId = `${id}-consent`;
  const message = fieldError ?? (status.kind === 'success' || status.kind === 'error' ? status.message : '');
  const isProblem = Boolean(fieldError) || status.kind === 'error';
  const small = compact ? 'text-xs' : 'text-sm';

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
      <label htmlFor={inputId} className={`${small} font-medium`}>
        E-Mail für den Newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={inputId}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="du@beispiel.de"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${fieldError ? `${statusId} ` : ''}${consentId}`}
          className="min-w-0 text-base sm:flex-1"
        />
        <Button type="submit" className="h-11 shrink-0" disabled={loading || email === ''}>
          {loading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {loading ? 'Wird gesendet …' : 'Abonnieren'}
        </Button>
      </div>
      <p
        id={statusId}
        aria-live="polite"
        className={`${small} min-h-5 ${isProblem ? 'text-destructive' : 'font-medium text-success'}`}
      >
        {message}
      </p>
      <p className={`${small} text-muted-foreground`}>{NEWSLETTER_MESSAGES.note}</p>
      <p id={consentId} className="text-xs text-muted-foreground">
        {NEWSLETTER_CONSENT_TEXT} Mehr dazu in der{' '}
        <SmartLink to={legal.privacyUrl} className="underline hover:text-foreground">
          Datenschutzerklärung
        </SmartLink>
        .
      </p>
    </form>
  );
}

/** Field problems and waiting times are worth showing as sent; anything else is the generic text. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message;
    if (error.status === 422 && Array.isArray(error.details)) {
      const detail = (error.details as { path?: string; message?: string }[]).find((d) => d.path === 'email');
      if (detail?.message) return detail.message;
    }
  }
  return NEWSLETTER_MESSAGES.failed;
}
