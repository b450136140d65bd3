// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form';
import { SaveFooter, SettingsCard } from './settings-card';

afterEach(cleanup);

describe('SettingsCard', () => {
  it('is a region named by its title, with its id as anchor', () => {
    render(
      <SettingsCard id="general" title="Allgemeine Einstellungen">
        <p>Inhalt</p>
      </SettingsCard>,
    );
    const region = screen.getByRole('region', { name: 'Allgemeine Einstellungen' });
    expect(region.getAttribute('id')).toBe('general');
    expect(screen.getByText('Inhalt')).toBeTruthy();
  });

  it('says it is loading, or why it did not load, instead of its form', () => {
    const { rerender } = render(
      <SettingsCard id="invoicing" title="Rechnungen" loading>
        <p>Formular</p>
      </SettingsCard>,
    );
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    expect(screen.queryByText('Formular')).toBeNull();
    rerender(
      <SettingsCard id="invoicing" title="Rechnungen" loading loadError="Fehler beim Laden">
        <p>Formular</p>
      </SettingsCard>,
    );
    expect(screen.getByText('Fehler beim Laden')).toBeTruthy();
    expect(screen.queryByText('Wird geladen …')).toBeNull();
  });
});

describe('SaveFooter', () => {
  it('shows the error as an alert, the pending label and the saved status', () => {
    const { rerender } = render(<SaveFooter error="Speichern fehlgeschlagen" pending saved={false} />);
    expect(screen.getByRole('alert').textContent).toBe('Speichern fehlgeschlagen');
    expect((screen.getByRole('button', { name: 'Wird gespeichert …' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<SaveFooter error={null} pending={false} saved />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Speichern' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('status').textContent?.trim()).toBe('Gespeichert');
  });
});

describe('Form', () => {
  it('leaves checking to us and calls onSubmit without loading a page', () => {
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} aria-label="Test">
        <button type="submit">Senden</button>
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Test' }) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
