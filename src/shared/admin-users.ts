import { z } from 'zod';
import { ROLES, type Role, type UserIdentity } from './session';

// The back office's users (docs/product/admin.md#admin-users, docs/product/admin.md#create-user).

export const USER_ADMIN_MESSAGES = {
  lastAdmin: 'Der letzte Administrator kann nicht heruntergestuft werden.',
  roleFailed: 'Rolle konnte nicht aktualisiert werden.',
  createFailed: 'Benutzer konnte nicht erstellt werden.',
  deleteFailed: 'Löschen fehlgeschlagen.',
  confirmDelete: 'Benutzer wirklich löschen?',
  empty: 'Keine Benutzer gefunden',
  // ours
  duplicate: 'Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.',
  email: 'Bitte eine gültige E-Mail-Adresse eingeben.',
  nameTooLong: 'Der Name darf höchstens 200 Zeichen lang sein.',
  role: 'Unbekannte Rolle.',
} as const;

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  organizer: 'Veranstalter',
  attendee: 'Teilnehmer',
};

export const USER_PAGE_SIZE = 25;
/** The search starts 250 ms after typing stops (docs/product/admin.md#admin-users). */
export const USER_SEARCH_DEBOUNCE_MS = 250;

/** GET /api/admin/users?search=&page= (the route also takes the search as `q`; `user` picks one user by id). */
export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  user: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** One row of the users list. */
export interface AdminUserEntry extends UserIdentity {
  globalMarketingEnabled: boolean;
  emailConfirmed: boolean;
  onboarded: boolean;
  createdAt: string;
}

export interface AdminUserPage {
  users: AdminUserEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * POST /api/admin/users: e-mail, optional name, role (default attendee; docs/product/admin.md#create-user).
 */
export const userCreateSchema = z.object({
  email: z
    .string({ error: USER_ADMIN_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email(USER_ADMIN_MESSAGES.email).max(254, USER_ADMIN_MESSAGES.email)),
  full_name: z.string().trim().max(200, USER_ADMIN_MESSAGES.nameTooLong).optional(),
  role: z.enum(ROLES, { error: USER_ADMIN_MESSAGES.role }).default('attendee'),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

/**
 * The bookings entry for one user: the tickets screen narrowed by `?user=`
 * (docs/product/admin.md#admin-users).
 */
export const userBookingsPath = (userId: string) => `/admin/bookings?user=${encodeURIComponent(userId)}`;
