import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { matchClientRoute } from '@shared/routes';
import type { RenderPage, ServerRenderState } from '@shared/server-render';
import { mergeSettings } from '@shared/settings';
import { AppRoutes } from '@web/app/app-routes';
import { createQueryClient, Providers } from '@web/app/providers';
import { preloadRoute } from '@web/app/router';
import { paymentConfigQuery, type PaymentConfig } from '@web/lib/payment-config';
import { organizersQuery } from '@web/features/events/api/get-organizers';
import { certificateCheckQuery } from '@web/features/certificates/api/get-certificate-check';
import type { CertificateCheck } from '@shared/certificate-check';
import { queryKeys } from '@web/lib/query-keys';

/**
 * Renders a page to HTML on the server, with the query cache filled as the browser's API calls would fill
 * it; waits for every lazily loaded part, so the HTML is complete (docs/architecture.md#server-rendering).
 */
export const renderPage: RenderPage = async (input) => {
  const client = createQueryClient();
  client.setQueryData(queryKeys.settings, mergeSettings(input.settings));
  // as GET /api/events answers: the questions only with one event (docs/product/ticket-categories.md#questions)
  client.setQueryData(
    queryKeys.events.list('public'),
    input.events.map(({ questions: _questions, ...listed }) => listed),
  );
  if (input.organizers) client.setQueryData(organizersQuery.queryKey, input.organizers);
  const pathname = new URL(input.url, 'http://server.invalid').pathname;
  const route = matchClientRoute(pathname);
  if (route?.route === 'event' || route?.route === 'eventLogin') {
    const slug = safeDecode(route.params.slug ?? '');
    const event = input.events.find((candidate) => candidate.slug === slug || candidate.id === slug);
    if (event) client.setQueryData(queryKeys.events.detail(slug), event);
  }
  if (route?.route === 'checkout') {
    const eventId = safeDecode(route.params.eventId ?? '');
    const event = input.events.find((candidate) => candidate.id === eventId || candidate.slug === eventId);
    if (event) client.setQueryData(queryKeys.events.byId(eventId), event);
  }
  if (input.certificateCheck) {
    // as GET /api/certificates/check/:code answered this request (docs/product/certificates.md#check-page)
    const { code, answer } = input.certificateCheck;
    client.setQueryData(certificateCheckQuery(code).queryKey, answer as CertificateCheck);
  }
  if (input.session) client.setQueryData(queryKeys.session, input.session);
  if (input.paymentConfig)
    client.setQueryData(paymentConfigQuery.queryKey, input.paymentConfig as PaymentConfig);
  await preloadRoute(pathname);
  const renderedAt = new Date(input.renderedAt);
  // React's prerender waits for every lazily loaded part. An error inside a Suspense boundary would leave its
  // fallback and an inline script in the HTML (which the CSP blocks): a page that does not render whole is
  // not sent; the server falls back to the shell (decision 043).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers client={client} renderTime={renderedAt}>
        <StaticRouter location={input.url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // large boundaries would otherwise be sent apart and revealed by an inline script (blocked by the CSP)
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  if (errors.length) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  const state: ServerRenderState = { renderedAt: input.renderedAt, queries: dehydrate(client) };
  return { html, state: JSON.stringify(state) };
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
