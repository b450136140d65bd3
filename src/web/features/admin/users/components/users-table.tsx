import { CalendarCheck, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROLE_LABELS, USER_ADMIN_MESSAGES, userBookingsPath, type AdminUserEntry } from '@shared/admin-users';
import { ROLES, type Role } from '@shared/session';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '@web/lib/use-media-query';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useChangeUserRole } from '../api/change-user-role';
import { Select } from '@web/components/ui/input';

const YesNo = ({ value }: { value: boolean }) => (
  <Badge tone={value ? 'success' : 'neutral'}>{value ? 'Ja' : 'Nein'}</Badge>
);

const personName = (user: AdminUserEntry) => user.fullName || user.displayName || '–';

/**
 * An address that wraps before its '@' and before the dots of its domain ('jonas' / '@wachstumsraum' /
 * '.example') rather than anywhere; only a part still too long for the column breaks inside.
 */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  const labels = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at)}
      {labels.map((label, index) => (
        <Fragment key={index}>
          <wbr />
          {index === 0 ? `@${label}` : `.${label}`}
        </Fragment>
      ))}
    </>
  );
}

interface UsersListProps {
  users: AdminUserEntry[];
  onDelete: (user: AdminUserEntry) => void;
}

/**
 * The users with role dropdown, Bookings and Delete (docs/product/admin.md#admin-users): a table from `md` up
 * that fits a 1280 px laptop beside the sidebar without scrolling sideways (name, e-mail and phone share one
 * column, the three yes/no flags another; the actions wrap when the row is tight), cards on phones, only one of
 * them rendered
 * (docs/decisions/026-admin-tickets-on-phones.md, docs/decisions/049-admin-screens-say-what-they-mean.md).
 */
export function UsersTable(props: UsersListProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return wide ? <UsersWide {...props} /> : <UsersCards {...props} />;
}

function useSetRole() {
  const changeRole = useChangeUserRole();
  const setRole = async (user: AdminUserEntry, role: Role) => {
    try {
      await changeRole.mutateAsync({ id: user.id, role });
      toast.success(`Rolle von ${user.email}: ${ROLE_LABELS[role]}`);
    } catch (error) {
      // 'last_admin' arrives with its German message (docs/product/admin.md#last-admin)
      toast.error(messageOf(error, USER_ADMIN_MESSAGES.roleFailed));
    }
  };
  const pendingRole = (user: AdminUserEntry) =>
    changeRole.isPending && changeRole.variables?.id === user.id ? changeRole.variables.role : null;
  return { setRole, pendingRole };
}

function RoleSelect({
  user,
  roles,
  className = '',
}: {
  user: AdminUserEntry;
  roles: ReturnType<typeof useSetRole>;
  className?: string;
}) {
  const pending = roles.pendingRole(user);
  return (
    <Select
      size="sm"
      aria-label={`Rolle von ${user.email}`}
      value={pending ?? user.role}
      disabled={pending !== null}
      onChange={(event) => void roles.setRole(user, event.target.value as Role)}
      // wide enough for the longest role, 'Veranstalter', with the select's arrow
      className={`h-9 min-w-[10rem] ${className}`}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </Select>
  );
}

function UserActions({
  user,
  onDelete,
  align = 'end',
}: {
  user: AdminUserEntry;
  onDelete: UsersListProps['onDelete'];
  align?: 'start' | 'end';
}) {
  return (
    <div className={`flex flex-wrap gap-1 ${align === 'end' ? 'justify-end' : 'justify-start'}`}>
      <Link
        to={userBookingsPath(user.id)}
        className={buttonClasses('ghost', 'sm')}
        aria-label={`Buchungen von ${user.email}`}
      >
        <CalendarCheck className="h-4 w-4" aria-hidden />
        Buchungen
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive"
        aria-label={`${user.email} löschen`}
        onClick={() => onDelete(user)}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        Löschen
      </Button>
    </div>
  );
}

function UsersWide({ users, onDelete }: UsersListProps) {
  const roles = useSetRole();
  return (
    // relative: the sr-only header text (position absolute) is then clipped here, not widening the page
    <div className="relative overflow-x-auto rounded-2xl border border-border" data-testid="users-table">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Benutzer</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name und Kontakt
            </th>
            <th scope="col" className="px-3 py-2">
              Rolle
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Erstellt
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} className="bg-card align-top">
              <td className="px-3 py-2">
                <div className="font-medium break-words">{personName(user)}</div>
                <div className="text-muted-foreground [overflow-wrap:anywhere]">
                  <EmailText email={user.email} />
                </div>
                <div className="whitespace-nowrap text-muted-foreground">{user.phone || '–'}</div>
              </td>
              <td className="px-3 py-2">
                <RoleSelect user={user} roles={roles} />
              </td>
              <td className="px-3 py-2">
                <dl className="grid grid-cols-[auto_auto] items-center justify-start gap-x-2 gap-y-1 text-xs">
                  <UserFlags user={user} />
                </dl>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatDate(user.createdAt)}</td>
              <td className="px-3 py-2">
                <UserActions user={user} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per user, the same data and controls stacked (docs/decisions/026-admin-tickets-on-phones.md). */
function UsersCards({ users, onDelete }: UsersListProps) {
  const roles = useSetRole();
  return (
    <ul aria-label="Benutzer" className="rounded-2xl border border-border bg-card text-card-foreground">
      {users.map((user) => (
        <li
          key={user.id}
          aria-label={user.email}
          className="flex flex-col gap-3 border-b border-border px-4 py-3 last:border-b-0"
        >
          <div className="min-w-0">
            <div className="font-medium break-words">{personName(user)}</div>
            <div className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
              <EmailText email={user.email} />
            </div>
          </div>
          <RoleSelect user={user} roles={roles} className="self-start" />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
            <Fact term="Telefon">{user.phone || '–'}</Fact>
            <UserFlags user={user} />
            <Fact term="Erstellt">
              <span className="tabular-nums">{formatDate(user.createdAt)}</span>
            </Fact>
          </dl>
          <UserActions user={user} onDelete={onDelete} align="start" />
        </li>
      ))}
    </ul>
  );
}

/** Newsletter, e-mail confirmed and onboarding, yes or no (the spec's three columns, one under the other). */
function UserFlags({ user }: { user: AdminUserEntry }) {
  return (
    <>
      <Fact term="Newsletter">
        <YesNo value={user.globalMarketingEnabled} />
      </Fact>
      <Fact term="E-Mail bestätigt">
        <YesNo value={user.emailConfirmed} />
      </Fact>
      <Fact term="Onboarding">
        <YesNo value={user.onboarded} />
      </Fact>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
