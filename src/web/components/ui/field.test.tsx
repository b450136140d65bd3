// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText } from './error-text';
import { Field } from './field';
import { Input, Select, Textarea } from './input';
import { NumberField } from './number-field';

// The form primitives' aria wiring (docs/decisions/053-form-primitives.md).

afterEach(cleanup);

/** The texts a control's aria-describedby points at, in order (what a screen reader reads after the name). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Field', () => {
  it('labels its control and ties error and hint to it, error first', () => {
    render(
      <Field label="E-Mail" hint="Für die Bestätigung." error="Bitte E-Mail angeben." required>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    const [errorId, hintId] = input.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(errorId!)?.textContent).toBe('Bitte E-Mail angeben.');
    expect(document.getElementById(hintId!)?.textContent).toBe('Für die Bestätigung.');
    expect(description(input)).toBe('Bitte E-Mail angeben. Für die Bestätigung.');
  });

  it('leaves aria-invalid, aria-required and aria-describedby off when there is nothing to say', () => {
    render(
      <Field label="Name">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-required')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a required field with a hidden star, so the name stays the label', () => {
    render(
      <Field label="Titel" required>
        <Input />
      </Field>,
    );
    expect(screen.getByText('*').hasAttribute('aria-hidden')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Titel' })).toBeTruthy();
  });

  it('uses the given id for the control and derives the error and hint ids from it', () => {
    render(
      <Field label="IBAN" id="payout-iban" error="IBAN ungültig." hint="DE…">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'IBAN' });
    expect(input.getAttribute('id')).toBe('payout-iban');
    expect(input.getAttribute('aria-describedby')).toBe('payout-iban-error payout-iban-hint');
    expect(document.getElementById('payout-iban-error')?.textContent).toBe('IBAN ungültig.');
  });

  it('announces its error as an alert only when asked to', () => {
    const { rerender } = render(
      <Field label="Name" error="Zu kurz.">
        <Input />
      </Field>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <Field label="Name" error="Zu kurz." errorAlert>
        <Input />
      </Field>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Zu kurz.');
  });

  it('lets the error take the hint’s place when hintUntilError is set', () => {
    render(
      <Field label="Telefon" hint="Für Rückfragen." error="Bitte Telefonnummer angeben." hintUntilError>
        <Input type="tel" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Telefon' });
    expect(description(input)).toBe('Bitte Telefonnummer angeben.');
    expect(screen.queryByText('Für Rückfragen.')).toBeNull();
  });

  it('keeps a control’s own description after the field’s', () => {
    render(
      <>
        <p id="extra">Gilt für alle Events.</p>
        <Field label="Präfix" error="Zu lang.">
          <Input aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(description(screen.getByRole('textbox', { name: 'Präfix' }))).toBe(
      'Zu lang. Gilt für alle Events.',
    );
  });

  it('wires Select, Textarea and NumberField like Input', () => {
    render(
      <>
        <Field label="Zeitzone" error="Bitte wählen." required>
          <Select>
            <option>Europe/Berlin</option>
          </Select>
        </Field>
        <Field label="Nachricht" hint="Markdown geht nicht.">
          <Textarea />
        </Field>
        <Field label="Betrag in Euro" error="Ungültiger Betrag.">
          <NumberField suffix="€" />
        </Field>
        <Field label="Plätze">
          <NumberField kind="whole" min={0} />
        </Field>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Zeitzone' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-required')).toBe('true');
    expect(description(select)).toBe('Bitte wählen.');
    expect(description(screen.getByRole('textbox', { name: 'Nachricht' }))).toBe('Markdown geht nicht.');
    const amount = screen.getByRole('textbox', { name: 'Betrag in Euro' });
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(description(amount)).toBe('Ungültiger Betrag.');
    expect(screen.getByText('€').hasAttribute('aria-hidden')).toBe(true);
    const seats = screen.getByRole('spinbutton', { name: 'Plätze' });
    expect(seats.getAttribute('inputmode')).toBe('numeric');
    expect(seats.getAttribute('step')).toBe('1');
  });

  it('hands the wiring to a render function for a control of its own', () => {
    render(
      <Field label="Farbe" error="Bitte wählen." required>
        {(control) => <input type="color" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Farbe', { exact: false });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(description(input)).toBe('Bitte wählen.');
  });

  it('leaves a control outside a field as it is', () => {
    render(<Input aria-label="Suche" />);
    const input = screen.getByRole('textbox', { name: 'Suche' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('id')).toBe(false);
  });
});

describe('ErrorText', () => {
  it('is an alert by default and a plain paragraph when the field already carries it', () => {
    render(
      <>
        <ErrorText>Fehler beim Laden</ErrorText>
        <ErrorText alert={false} id="quiet">
          Zu kurz.
        </ErrorText>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Fehler beim Laden');
    expect(document.getElementById('quiet')?.hasAttribute('role')).toBe(false);
    expect(document.getElementById('quiet')!.className).toContain('text-destructive');
  });
});
