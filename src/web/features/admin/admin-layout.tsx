import {
  Calculator,
  CalendarDays,
  FileText,
  Landmark,
  LayoutDashboard,
  Percent,
  Settings,
  Ticket,
  Users,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';

// The sidebar of the back office; Veranstaltungen stays active on its sub-paths.
const SIDEBAR = [
  { to: '/admin', label: 'Übersicht', icon: LayoutDashboard, end: true },
  { to: '/admin/events', label: 'Veranstaltungen', icon: CalendarDays, end: false },
  { to: '/admin/bookings', label: 'Buchungen', icon: Ticket, end: false },
  { to: '/admin/rechnungen', label: 'Rechnungen', icon: FileText, end: false },
  { to: '/admin/buchhaltung', label: 'Buchhaltung', icon: Calculator, end: false },
  { to: '/admin/kontoauszuege', label: 'Kontoauszüge', icon: Landmark, end: false },
  { to: '/admin/gutscheincodes', label: 'Gutscheincodes', icon: Percent, end: false },
  { to: '/admin/users', label: 'Benutzer', icon: Users, end: false },
  { to: '/admin/settings', label: 'Einstellungen', icon: Settings, end: false },
];

export function AdminLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row sm:px-6">
      <nav aria-label="Administration" className="md:w-56 md:shrink-0 print:hidden">
        {/* phones: the nine entries wrap, so none hides beyond the edge */}
        <ul className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap">
          {SIDEBAR.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
                    isActive ? 'bg-accent text-accent-foreground' : 'hover:bg-muted'
                  }`
                }
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
