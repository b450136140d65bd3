// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { faqJsonLd } from '@shared/content/faq';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { cleanUpHydration, hydrate } from '@web/testing/hydrate';
import { HelpPage } from './help-page';

function app(): ReactElement {
  const client = new QueryClient();
  client.setQueryData(queryKeys.settings, DEFAULT_SETTINGS);
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/help']}>
          <HelpPage />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>
  );
}

const structuredData = () => document.querySelectorAll('script[type="application/ld+json"]');
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.head.innerHTML = '';
  cleanUpHydration();
});

describe('/help and its FAQ data (docs/product/site.md#help)', () => {
  it('hydrates the server HTML without a mismatch and adds no second FAQ block', async () => {
    const html = renderToString(app());
    // the server's <head> for /help (src/server/http/app-shell.ts)
    document.head.innerHTML = `<script type="application/ld+json">${JSON.stringify(faqJsonLd())}</script>`;
    const { errors } = await hydrate(app(), html);
    expect(errors).toEqual([]);
    expect(structuredData()).toHaveLength(1);
  });

  it('adds the FAQ block after a client-side navigation, when the <head> has none', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      root = createRoot(container);
      root.render(app());
    });
    expect(structuredData()).toHaveLength(1);
    expect(container.querySelector('script')?.textContent).toContain('"FAQPage"');
  });
});
