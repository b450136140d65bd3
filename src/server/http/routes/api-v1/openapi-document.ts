import { z } from 'zod';
import { API_SCOPE_HINTS, API_SCOPES } from '@shared/api-keys';
import { API_PAGE_MAX, apiErrorSchema } from '@shared/api-v1';
import type { ApiRoute } from './api-route';

// /api/v1/openapi.json, generated from the routes' own zod schemas (docs/decisions/059-api-keys-and-rest-api.md):
// zod 4's toJSONSchema writes JSON Schema 2020-12, which is what OpenAPI 3.1 uses; schemas with an id
// (`.meta({ id: 'Event' })`) become components and are referenced, the rest are inlined.

type JsonSchema = Record<string, unknown>;

const ERROR_TEXTS: Record<number, string> = {
  400: 'Ungültige Anfrage',
  401: 'Kein, ein unbekannter oder ein widerrufener API-Schlüssel',
  403: 'Dem Schlüssel fehlt die Berechtigung',
  404: 'Nicht gefunden',
  409: 'Im aktuellen Zustand nicht möglich',
  422: 'Eingaben ungültig (details nennt jedes Feld)',
  429: 'Zu viele Anfragen mit diesem Schlüssel (Retry-After)',
};

/** JSON Schema of one zod schema: its named parts moved to `components`, references pointed there. */
function schemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  const {
    $schema: _schema,
    $defs,
    ...rest
  } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const pointed = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'));
  for (const [id, definition] of Object.entries($defs ?? {}))
    components[id] = pointed(definition) as JsonSchema;
  return pointed(rest) as JsonSchema;
}

/** Path and query parameters of a route, from its params and query objects. */
function parametersOf(route: ApiRoute, components: Record<string, JsonSchema>) {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const converted = schemaOf(schema, 'input', components) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(converted.properties ?? {})) {
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (converted.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  return parameters;
}

/** A POST's JSON body; required when it has a required field. */
function requestBodyOf(route: ApiRoute, components: Record<string, JsonSchema>) {
  if (route.method === 'get' || !route.body) return {};
  const schema = schemaOf(route.body, 'input', components);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  return { requestBody: { required, content: { 'application/json': { schema } } } };
}

/** The OpenAPI 3.1 document of the given routes, served under `serverUrl`. */
export function openApiDocument(routes: ApiRoute[], serverUrl: string) {
  const components: Record<string, JsonSchema> = {};
  const errorRef = schemaOf(apiErrorSchema, 'output', components);
  const errorResponse = (status: number) => ({
    description: ERROR_TEXTS[status] ?? 'Fehler',
    content: { 'application/json': { schema: errorRef } },
  });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const statuses = [401, 403, 429, ...(route.errors ?? [])].sort();
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: [route.description, `Berechtigung: \`${route.scope}\`.`].filter(Boolean).join('\n\n'),
      security: [{ apiKey: [route.scope] }],
      'x-scope': route.scope,
      parameters: parametersOf(route, components),
      ...requestBodyOf(route, components),
      responses: {
        200: {
          description: 'Erfolg',
          headers: {
            'RateLimit-Limit': { schema: { type: 'integer' }, description: 'Anfragen je Fenster' },
            'RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Davon noch übrig' },
            'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Sekunden bis zum neuen Fenster' },
          },
          content: { 'application/json': { schema: schemaOf(route.response, 'output', components) } },
        },
        ...Object.fromEntries(statuses.map((status) => [status, errorResponse(status)])),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ticketshop-API',
      version: '1',
      description:
        'Die REST-API des Ticketshops: Veranstaltungen, Ticketarten, Buchungen, Tickets, Teilnehmende und ' +
        'Check-in. Jede Anfrage trägt einen API-Schlüssel (Einstellungen → API-Schlüssel) im Header ' +
        '`Authorization: Bearer tsk_…`. Listen sind seitenweise: `limit` (bis ' +
        `${API_PAGE_MAX}) und \`cursor\` = \`next_cursor\` der vorigen Seite. Fehler antworten ` +
        '`{ "error": { "code": "…", "message": "…" } }` mit einem stabilen Code und deutschem Text.',
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tsk_…',
          description:
            'API-Schlüssel mit Berechtigungen: ' +
            API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_HINTS[scope]})`).join(', ') +
            '.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
