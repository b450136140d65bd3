// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, StrictMode, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faqJsonLd } from '@shared/content/faq';
import { DEFAULT_SETTINGS } from '@shared/settings';
import { queryKeys } from '@web/lib/query-keys';
import { HelpPage } from './help-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('/help and its FAQ data (docs/product/site.md#help)', () => {
  it('hydrates the server HTML without a mismatch and adds no second FAQ block', async () => {
    const html = renderToString(app());
    // the server's <head> for /help (src/server/http/app-shell.ts)
    document.head.innerHTML = `<script type="application/ld+json">${JSON.stringify(faqJsonLd())}</script>`;
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    await act(async () => {
      root = hydrateRoot(container, app(), { onRecoverableError: (error) => errors.push(error) });
    });
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
