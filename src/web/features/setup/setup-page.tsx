import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Eye, EyeOff } from 'lucide-react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { apiFetch, ApiError } from '@web/lib/api-client';
import { usePageTitle } from '@web/lib/page-title';

/** 'Ersteinrichtung: Eigentümer' (docs/product/admin.md#owner-setup). */
export function SetupPage() {
  usePageTitle('Ersteinrichtung');
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [token, setToken] = useState(params.get('token') ?? '');
  const [showToken, setShowToken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await apiFetch<{ message: string }>('/api/setup/owner', {
        method: 'POST',
        body: JSON.stringify({ email, full_name: fullName, token }),
      });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status > 0
          ? `Fehler: ${error.message || 'Unbekannt'}`
          : 'Fehler bei der Anfrage';
      setResult({ ok: false, message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-2xl font-semibold tracking-tight">Ersteinrichtung: Eigentümer</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        Lege den ersten Administrator an. Dafür brauchst du den signierten Einrichtungs-Token des
        Projekt-Eigentümers (<code>npm run setup-token</code>).
      </p>
      <form
        className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-card p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label="E-Mail des Eigentümers">
          <Input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label="Vollständiger Name (optional)">
          <Input autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
        </Field>
        <Field label="Einrichtungs-Token" id="setup-token">
          <div className="flex gap-2">
            <Input
              type={showToken ? 'text' : 'password'}
              autoComplete="off"
              required
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
            <Button
              variant="secondary"
              size="icon"
              onClick={() => setShowToken((shown) => !shown)}
              aria-label={showToken ? 'Token verbergen' : 'Token anzeigen'}
            >
              {showToken ? (
                <EyeOff className="h-4 w-4" aria-hidden />
              ) : (
                <Eye className="h-4 w-4" aria-hidden />
              )}
            </Button>
          </div>
        </Field>
        <p className="rounded-lg bg-muted p-3 text-sm text-muted-foreground">
          Der Token ist nur einmal gültig und wird danach deaktiviert.
        </p>
        <Button type="submit" size="lg" disabled={busy || !email.trim() || !token.trim()}>
          {busy ? 'Wird erstellt …' : 'Admin erstellen'}
        </Button>
        {result &&
          (result.ok ? (
            <p role="status" className="text-success">
              {result.message}
            </p>
          ) : (
            <ErrorText size="base">{result.message}</ErrorText>
          ))}
        {result?.ok && (
          <Link to="/login" className={buttonClasses('secondary')}>
            Zur Anmeldung
          </Link>
        )}
      </form>
    </section>
  );
}
