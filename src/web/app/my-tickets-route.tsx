import { MyTicketAdminActions } from '@web/features/admin/tickets/components/my-ticket-admin-actions';
import { MyTicketDeleteDialog } from '@web/features/admin/tickets/components/my-ticket-delete-dialog';
import { MyTicketsPage, type TicketAdminTools } from '@web/features/tickets/my-tickets-page';

// 'Meine Tickets' shows an admin two more actions per card (refresh the preview, delete). They are the admin
// tickets area's; features do not import each other, so the app joins the two here
// (docs/decisions/052-admin-areas-as-features.md). The page shows them to admins only.
const adminTools: TicketAdminTools = { Actions: MyTicketAdminActions, DeleteDialog: MyTicketDeleteDialog };

export function MyTicketsRoute() {
  return <MyTicketsPage adminTools={adminTools} />;
}
