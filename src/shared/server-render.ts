import type { PublicEvent, PublicOrganizer } from './events';
import type { SessionState } from './session';

/**
 * The contract between the server and the client's server renderer (src/web/ssr/render-page.tsx, built to
 * dist/ssr): the server hands over what the page's API calls would answer, the renderer returns the page's
 * HTML and the query cache the browser takes over (docs/architecture.md#server-rendering).
 */
export interface PageRenderInput {
  /** Path and query of the page, as requested. */
  url: string;
  /** GET /api/settings as a visitor gets it. */
  settings: Record<string, unknown>;
  /** GET /api/events as a visitor gets it. */
  events: PublicEvent[];
  /** GET /api/organizers, for pages that show them (home). */
  organizers?: PublicOrganizer[];
  /** The moment the page is rendered for (ISO); the browser's first render uses it too. */
  renderedAt: string;
  /**
   * Only for pages rendered per request (checkout): GET /api/session and GET /api/payments/config as this
   * visitor gets them. Cached pages never carry a session.
   */
  session?: SessionState;
  paymentConfig?: unknown;
  /**
   * Only for the check page of a certificate (docs/product/certificates.md#check-page): what
   * GET /api/certificates/check/:code answered for this request's code.
   */
  certificateCheck?: { code: string; answer: unknown };
}

export interface RenderedPage {
  /** The markup inside the app's root element. */
  html: string;
  /** What the browser needs to take the page over, as JSON (see ServerRenderState). */
  state: string;
}

export type RenderPage = (input: PageRenderInput) => Promise<RenderedPage>;

/** The id of the `<script type="application/json">` that carries the state to the browser. */
export const SERVER_RENDER_STATE_ID = 'server-render';

export interface ServerRenderState {
  renderedAt: string;
  /** React Query's dehydrated cache. */
  queries: unknown;
}
