// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@shared/session';
import { sessionUser } from '@web/testing/fixtures';
import { renderPage, resetEachTest } from '@web/testing/render-page';
import { toast } from '@web/lib/toast';
import { RequireAdmin, RequireOrganizer } from './guards';

vi.mock('@web/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

resetEachTest(vi.mocked(toast.error));

const visit = (guarded: React.ReactNode, role: Role | null) =>
  renderPage(guarded, {
    path: '/veranstalter',
    pattern: '/veranstalter',
    user: role ? sessionUser({ role }) : null,
  });

describe('RequireOrganizer (docs/product/organizer-day.md#organizer-area)', () => {
  const area = <RequireOrganizer>Meine Veranstaltungen</RequireOrganizer>;

  it.each(['organizer', 'admin'] as const)('lets %s in', (role) => {
    visit(area, role);
    expect(screen.getByText('Meine Veranstaltungen')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('keeps attendees out with the access-denied toast', () => {
    visit(area, 'attendee');
    expect(screen.queryByText('Meine Veranstaltungen')).toBeNull();
    expect(screen.getByText('Andere Seite')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Access Denied', expect.anything());
  });

  it('sends signed-out visitors to the sign-in', () => {
    visit(area, null);
    expect(screen.queryByText('Meine Veranstaltungen')).toBeNull();
    expect(screen.getByText('Andere Seite')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('RequireAdmin stays admins-only', () => {
  it.each([
    ['admin', true],
    ['organizer', false],
    ['attendee', false],
  ] as const)('%s: in %s', (role, allowed) => {
    visit(<RequireAdmin>Administration</RequireAdmin>, role);
    expect(screen.queryByText('Administration') !== null).toBe(allowed);
  });
});
