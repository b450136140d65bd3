import { RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { formatDateTimeShort } from '@web/lib/format';
import { usePageTitle } from '@web/lib/page-title';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAdminDashboard } from './api/get-admin-dashboard';
import { NewestEvents, UpcomingEvents } from './components/event-lists';
import { DashboardCharts } from './components/dashboard-charts';
import { FigureCards } from './components/figure-cards';
import { LegalDataWarning } from './components/legal-data-warning';
import { NewestBookings } from './components/newest-bookings';
import { RevenueByMethod } from './components/revenue-by-method';
import { RevenueByCategory, RevenueByCode } from './components/revenue-by-category';
import { ErrorText } from '@web/components/ui/error-text';

/**
 * The dashboard (/admin): cards and lists filled with the shop's real figures
 * (docs/product/admin.md#dashboard-figures).
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dashboard = useAdminDashboard();
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="dashboard-heading" className="text-2xl font-semibold tracking-tight">
            Dashboard
          </h1>
          {dashboard.data && (
            <p className="text-sm text-muted-foreground">
              Stand: {formatDateTimeShort(dashboard.data.generatedAt)} Uhr
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void dashboard.refetch()}
          disabled={dashboard.isFetching}
        >
          <RefreshCw className={`h-4 w-4 ${dashboard.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          Aktualisieren
        </Button>
      </div>

      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <ErrorText size="base">
          {messageOf(dashboard.error, 'Das Dashboard konnte nicht geladen werden.')}
        </ErrorText>
      ) : (
        <>
          <LegalDataWarning missing={dashboard.data.missingOperatorData} />
          <FigureCards data={dashboard.data} />
          <DashboardCharts />
          <RevenueByMethod figures={dashboard.data.revenueByMethod} />
          <div className="grid gap-4 xl:grid-cols-2">
            <RevenueByCategory figures={dashboard.data.revenueByCategory} />
            <RevenueByCode figures={dashboard.data.revenueByCode} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <UpcomingEvents events={dashboard.data.upcomingEvents} />
            <NewestEvents events={dashboard.data.newestEvents} />
          </div>
          <NewestBookings bookings={dashboard.data.newestBookings} />
        </>
      )}
    </section>
  );
}
