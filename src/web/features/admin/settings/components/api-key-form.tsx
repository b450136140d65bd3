import { useState } from 'react';
import {
  API_SCOPE_HINTS,
  API_SCOPE_LABELS,
  API_SCOPES,
  createApiKeySchema,
  type ApiScope,
  type CreatedApiKey,
} from '@shared/api-keys';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Form } from '@web/components/ui/form';
import { Input } from '@web/components/ui/input';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import { useCreateApiKey } from '../api/create-api-key';
import { serverMessage } from './server-message';

/**
 * 'Neuer Schlüssel': a name and the scopes (docs/product/api.md#keys). The card checks with the server's schema
 * first; the new key goes to `onCreated`, which shows its secret once.
 */
export function ApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read']);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; form?: string }>({});
  const create = useCreateApiKey();

  const submit = async () => {
    const parsed = createApiKeySchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const of = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ name: of('name'), scopes: of('scopes') });
      return;
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync({ name, scopes }));
      setName('');
      setScopes(['read']);
    } catch (error) {
      setErrors({ form: serverMessage(error) ?? 'Der Schlüssel konnte nicht erstellt werden.' });
    }
  };
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((each) => each !== scope)));

  return (
    <Form className="flex flex-col gap-4" onSubmit={submit}>
      <h3 className="text-base font-semibold">Neuer Schlüssel</h3>
      <Field
        label="Name"
        hint="Wofür der Schlüssel ist, z. B. „Newsletter-Abgleich“."
        error={errors.name}
        required
      >
        <Input size="sm" value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
      </Field>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Berechtigungen</legend>
        {API_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className={`${checkboxClass} mt-0.5`}
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <span className="font-medium">{API_SCOPE_LABELS[scope]}</span>{' '}
              <span className="text-muted-foreground">– {API_SCOPE_HINTS[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && <ErrorText id="api-key-scopes-error">{errors.scopes}</ErrorText>}
      </fieldset>
      {errors.form && <ErrorText>{errors.form}</ErrorText>}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Wird erstellt …' : 'Schlüssel erstellen'}
        </Button>
      </div>
    </Form>
  );
}
