import { CalendarCheck, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_LABELS, USER_ADMIN_MESSAGES, userBookingsPath, type AdminUserEntry } from '@shared/admin-users';
import { ROLES, type Role } from '@shared/session';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '../../admin-errors';
import { selectClass } from '../../admin-styles';
import { useChangeUserRole } from '../api/change-user-role';

const YesNo = ({ value }: { value: boolean }) => (
  <Badge tone={value ? 'success' : 'neutral'}>{value ? 'Ja' : 'Nein'}</Badge>
);

/** The table with role dropdown, Bookings and Delete per row (docs/product/admin.md#admin-users). */
export function UsersTable({
  users,
  onDelete,
}: {
  users: AdminUserEntry[];
  onDelete: (user: AdminUserEntry) => void;
}) {
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

  return (
    // relative: the sr-only header text (position absolute) is then clipped here, not widening the page
    <div className="relative overflow-x-auto rounded-2xl border border-border">
      <table className="w-full min-w-[64rem] text-left text-sm">
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              E-Mail
            </th>
            <th scope="col" className="px-3 py-2">
              Telefon
            </th>
            <th scope="col" className="px-3 py-2">
              Rolle
            </th>
            <th scope="col" className="px-3 py-2">
              Newsletter
            </th>
            <th scope="col" className="px-3 py-2">
              E-Mail bestätigt
            </th>
            <th scope="col" className="px-3 py-2">
              Onboarding
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
          {users.map((user) => {
            const pending = changeRole.isPending && changeRole.variables?.id === user.id;
            return (
              <tr key={user.id} className="bg-card">
                <td className="px-3 py-2 font-medium">{user.fullName || user.displayName || '–'}</td>
                <td className="min-w-52 break-all px-3 py-2">{user.email}</td>
                <td className="whitespace-nowrap px-3 py-2">{user.phone || '–'}</td>
                <td className="px-3 py-2">
                  <select
                    aria-label={`Rolle von ${user.email}`}
                    value={pending ? changeRole.variables!.role : user.role}
                    disabled={pending}
                    onChange={(event) => void setRole(user, event.target.value as Role)}
                    className={`${selectClass} h-9 w-36 min-w-36`}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-3 py-2">
                  <YesNo value={user.globalMarketingEnabled} />
                </td>
                <td className="px-3 py-2">
                  <YesNo value={user.emailConfirmed} />
                </td>
                <td className="px-3 py-2">
                  <YesNo value={user.onboarded} />
                </td>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(user.createdAt)}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-1">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
