// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileDetails } from '@shared/profile';
import { toast } from '@web/lib/toast';
import { sessionUser } from '@web/testing/fixtures';
import { json, mockApi } from '@web/testing/mock-api';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { ContactSection } from './contact-section';

// Issue 29 item 22 (docs/decisions/049-admin-screens-say-what-they-mean.md): a requested e-mail change is not
// yet an updated address; the toast says where the confirmation link went.

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
resetEachTest(vi.mocked(toast.success), vi.mocked(toast.error));

const profile: ProfileDetails = {
  ...sessionUser({ fullName: 'Anna Berg', phone: '+49 40 1' }),
  website: null,
  bio: null,
  portraitUrl: null,
  newsletter: false,
  pendingEmail: null,
  consents: { dsgvo: null, marketing: null },
  updatedAt: '2026-03-14T10:00:00.000Z',
};

describe('ContactSection: changing the e-mail address', () => {
  it('says that a confirmation link went to the new address, not that the address was updated', async () => {
    const calls = mockApi({ 'POST /api/profile/email-change': () => json({ ok: true, pending: true }) });
    renderPage(<ContactSection profile={profile} />, { path: '/profile' });
    const email = screen.getByLabelText('E-Mail');
    fireEvent.change(email, { target: { value: 'anna.neu@example.org' } });
    fireEvent.blur(email);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Wir haben dir einen Bestätigungslink an anna.neu@example.org geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.',
      ),
    );
    expect(vi.mocked(toast.success).mock.calls.flat().join(' ')).not.toContain('aktualisiert');
    expect(calls.find((call) => call.key === 'POST /api/profile/email-change')?.body).toEqual({
      email: 'anna.neu@example.org',
    });
  });
});
