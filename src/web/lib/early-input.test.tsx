// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOverEarlyInput } from './early-input';

/** A form as a server-rendered page has it: controlled fields, taken over in the hydrating commit. */
function SignUp({ onSend }: { onSend: (values: object) => void }) {
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [country, setCountry] = useState('DE');
  useLayoutEffect(() => takeOverEarlyInput(document.body), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend({ email, note, agreed, country });
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="E-Mail" value={email} onChange={(event) => setEmail(event.target.value)} />
      <textarea aria-label="Notiz" value={note} onChange={(event) => setNote(event.target.value)} />
      <input
        type="checkbox"
        aria-label="Einverstanden"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <select aria-label="Land" value={country} onChange={(event) => setCountry(event.target.value)}>
        <option value="DE">Deutschland</option>
        <option value="AT">Österreich</option>
      </select>
      <button type="submit">Senden</button>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete window.__earlyInput;
});

/** The server's HTML, changed as a visitor would before the app's code arrives, then hydrated. */
async function typeThenHydrate(held: { submit?: boolean }) {
  const onSend = vi.fn();
  const errors: unknown[] = [];
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<SignUp onSend={onSend} />);
  const field = (label: string) => container.querySelector(`[aria-label="${label}"]`)!;
  (field('E-Mail') as HTMLInputElement).value = 'früh@example.org';
  (field('Notiz') as HTMLTextAreaElement).value = 'vor dem Laden';
  (field('Einverstanden') as HTMLInputElement).checked = true;
  (field('Land') as HTMLSelectElement).value = 'AT';
  const form = container.querySelector('form')!;
  window.__earlyInput = { submit: held.submit ? { form, submitter: null } : null, click: null };
  await act(async () => {
    root = hydrateRoot(container, <SignUp onSend={onSend} />, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { onSend, errors, field, form };
}

describe('what was typed before React took the page over (docs/architecture.md#server-rendering)', () => {
  it('reaches the components and survives their next render', async () => {
    const { onSend, errors, field, form } = await typeThenHydrate({});
    expect(errors).toEqual([]);
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => form.requestSubmit());
    expect(onSend).toHaveBeenCalledWith({
      email: 'früh@example.org',
      note: 'vor dem Laden',
      agreed: true,
      country: 'AT',
    });
    expect((field('E-Mail') as HTMLInputElement).value).toBe('früh@example.org');
    expect((field('Einverstanden') as HTMLInputElement).checked).toBe(true);
  });

  it('sends a held submit once, with the typed values', async () => {
    const { onSend } = await typeThenHydrate({ submit: true });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'früh@example.org', country: 'AT' }),
    );
    expect(window.__earlyInput).toEqual({ submit: null, click: null });
  });
});
