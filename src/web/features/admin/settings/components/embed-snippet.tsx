import { useEffect, useRef, useState } from 'react';
import { upcomingEvents } from '@shared/event-rules';
import { widgetQuery, widgetSnippet, type WidgetScope } from '@shared/widget';
import { WIDGET_HEIGHT, WIDGET_MESSAGE_TYPES } from '@shared/widget-messages';
import { CopyButton } from '@web/components/bank-transfer/copy-button';
import { Field } from '@web/components/ui/field';
import { Select } from '@web/components/ui/input';
import { LoadingText } from '@web/components/ui/settings-card';
import { useTheme } from '@web/lib/theme';
import { useEmbedChoices } from '../api/get-embed-choices';
import { loadErrorOf } from './server-message';

type ScopeKind = WidgetScope['kind'];

const SCOPE_LABELS: Record<ScopeKind, string> = {
  all: 'Alle kommenden Events',
  organizer: 'Die Events einer Veranstalterin oder eines Veranstalters',
  event: 'Ein Event',
};

/** The snippet of the chosen scope (docs/product/widget.md#snippet), its copy button and a live preview. */
export function EmbedSnippet() {
  const choices = useEmbedChoices();
  const [kind, setKind] = useState<ScopeKind>('all');
  const [organizerId, setOrganizerId] = useState('');
  const [slug, setSlug] = useState('');
  if (!choices.data) return <LoadingText error={loadErrorOf(choices)} />;

  const organizers = choices.data.organizers;
  const events = upcomingEvents(
    choices.data.events.filter((event) => event.status === 'published'),
    new Date(),
  );
  const scope: WidgetScope =
    kind === 'organizer'
      ? { kind, organizerId: organizerId || organizers[0]?.id || '' }
      : kind === 'event'
        ? { kind, slug: slug || events[0]?.slug || '' }
        : { kind: 'all' };
  const snippet = widgetSnippet(window.location.origin, scope);

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Was soll das Widget zeigen?">
          <Select size="sm" value={kind} onChange={(event) => setKind(event.target.value as ScopeKind)}>
            {(Object.keys(SCOPE_LABELS) as ScopeKind[]).map((value) => (
              <option key={value} value={value}>
                {SCOPE_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        {kind === 'organizer' && (
          <Field label="Veranstalter*in">
            <Select
              size="sm"
              value={scope.kind === 'organizer' ? scope.organizerId : ''}
              onChange={(event) => setOrganizerId(event.target.value)}
            >
              {organizers.map((organizer) => (
                <option key={organizer.id} value={organizer.id}>
                  {organizer.displayName}
                </option>
              ))}
            </Select>
          </Field>
        )}
        {kind === 'event' && (
          <Field label="Event">
            <Select
              size="sm"
              value={scope.kind === 'event' ? scope.slug : ''}
              onChange={(event) => setSlug(event.target.value)}
            >
              {events.map((event) => (
                <option key={event.id} value={event.slug}>
                  {event.title}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <h3 id="embed-snippet-label" className="text-sm font-medium">
            Code für deine Website
          </h3>
          <CopyButton label="Code" value={snippet} />
        </div>
        <pre
          aria-labelledby="embed-snippet-label"
          className="rounded-lg border border-border bg-muted p-3 text-xs leading-relaxed whitespace-pre-wrap break-all"
          data-testid="embed-snippet"
        >
          <code>{snippet}</code>
        </pre>
        <p className="text-xs text-muted-foreground">
          Füge beide Zeilen dort in deine Seite ein, wo die Termine erscheinen sollen. Das Widget folgt dem
          hellen oder dunklen Modus der Seite; <code>data-theme=&quot;light&quot;</code> oder{' '}
          <code>data-theme=&quot;dark&quot;</code> legt ihn fest.
        </p>
      </div>
      <WidgetPreview query={widgetQuery(scope)} />
    </div>
  );
}

/**
 * The widget as a host page shows it, in a frame of this page: of the widget's fixed height, then the height the
 * page reports, in the theme the admin sees the shop in (it reloads when that changes).
 */
function WidgetPreview({ query }: { query: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number>(WIDGET_HEIGHT);
  const theme = useTheme().resolved;
  useEffect(() => {
    const onMessage = (message: MessageEvent<unknown>) => {
      const data = message.data as { type?: unknown; height?: unknown } | null;
      if (message.source !== frame.current?.contentWindow) return;
      if (data?.type === WIDGET_MESSAGE_TYPES.height && typeof data.height === 'number') {
        setHeight(Math.ceil(data.height));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const separator = query ? '&' : '?';
  return (
    <div className="flex flex-col gap-1.5">
      <h3 className="text-sm font-medium">Vorschau</h3>
      <div className="rounded-lg border border-dashed border-border p-3">
        <iframe
          ref={frame}
          title="Vorschau des Buchungs-Widgets"
          src={`/widget${query}${separator}theme=${theme}`}
          className="block w-full border-0"
          style={{ height, colorScheme: theme }}
        />
      </div>
    </div>
  );
}
