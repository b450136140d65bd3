// @vitest-environment node
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { HelpPage } from './help-page';

describe('/help on the server (docs/architecture.md#server-rendering)', () => {
  it('renders without a browser and leaves the FAQ data to the <head> the server writes', () => {
    expect(typeof window).toBe('undefined');
    const client = new QueryClient();
    client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/help']}>
          <HelpPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('Häufige Fragen (FAQ)');
    expect(html).toContain('id="q-storno"');
    expect(html).not.toContain('application/ld+json');
  });
});
