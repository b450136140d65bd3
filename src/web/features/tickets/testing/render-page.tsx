import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SETTINGS } from '@shared/settings';
import type { SessionUser } from '@web/lib/session';
import { MyTicketsPage } from '../my-tickets-page';

/** The page as the router shows it to a signed-in user, with a fresh query cache. */
export function renderMyTickets(user: SessionUser) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['session'], { user });
  client.setQueryData(['settings'], DEFAULT_SETTINGS);
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/meine-tickets']}>
        <MyTicketsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
