import type { OpenApiDocument } from './openapi-document';

// /api/v1/docs: the OpenAPI document as a page for people (docs/product/api.md#docs), rendered on the server
// from the same document, without scripts or anything from another site.

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  description?: string;
  anyOf?: Schema[];
  default?: unknown;
  maximum?: number;
  minimum?: number;
  maxLength?: number;
};
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-scope': string;
  parameters: { name: string; in: string; required: boolean; description?: string; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: Schema } } }>;
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `code` spans of the descriptions, the rest escaped. */
const prose = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const refName = (ref: string) => ref.split('/').pop()!;

/** A schema in one short line: 'Event', 'string (date-time) | null', 'one of draft, published'. */
function typeText(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) {
    const name = refName(schema.$ref);
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' | ');
  if (schema.enum)
    return `eins von ${schema.enum.map((value) => `<code>${escape(String(value))}</code>`).join(', ')}`;
  if (schema.type === 'array') return `Liste von ${typeText(schema.items)}`;
  const types = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'beliebig');
  return escape(schema.format ? `${types} (${schema.format})` : types);
}

function propertyRows(schema: Schema): string {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(
      ([name, property]) =>
        `<tr><td><code>${escape(name)}</code>${required.has(name) ? '' : ' <span class="muted">optional</span>'}</td>` +
        `<td>${typeText(property)}</td><td>${prose(property.description ?? '')}</td></tr>`,
    )
    .join('');
}

const table = (head: string[], rows: string) =>
  rows
    ? `<div class="scroll"><table><thead><tr>${head.map((cell) => `<th>${cell}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div>`
    : '';

function operationHtml(path: string, method: string, operation: Operation): string {
  const parameters = operation.parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escape(parameter.name)}</code> <span class="muted">${parameter.in === 'path' ? 'Pfad' : 'Query'}${parameter.required ? '' : ', optional'}</span></td>` +
        `<td>${typeText(parameter.schema)}</td><td>${prose(parameter.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = operation.requestBody?.content['application/json'].schema;
  const responses = Object.entries(operation.responses)
    .map(
      ([status, response]) =>
        `<tr><td><code>${status}</code></td><td>${escape(response.description)}</td><td>${typeText(response.content?.['application/json'].schema)}</td></tr>`,
    )
    .join('');
  return `<section class="op" id="${escape(operation.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api/v1${escape(path)}</code></h3>
<p><strong>${escape(operation.summary)}</strong></p>
${operation.description
  .split('\n\n')
  .map((part) => `<p>${prose(part)}</p>`)
  .join('')}
${parameters ? `<h4>Parameter</h4>${table(['Name', 'Typ', 'Bedeutung'], parameters)}` : ''}
${body ? `<h4>Body (JSON)</h4>${table(['Feld', 'Typ', 'Bedeutung'], propertyRows(body))}` : ''}
<h4>Antworten</h4>${table(['Status', 'Bedeutung', 'Inhalt'], responses)}
</section>`;
}

const STYLE = `:root{color-scheme:light dark;--bg:#faf8f4;--fg:#1c2430;--muted:#5b6573;--line:#e3ded4;--card:#fff;--accent:#2f6f5e}
@media (prefers-color-scheme:dark){:root{--bg:#0b1120;--fg:#e6e9ef;--muted:#a3adbb;--line:#273247;--card:#111a2e;--accent:#7cc4ae}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,sans-serif}
main{max-width:60rem;margin:0 auto;padding:2rem 1rem 4rem}h1{font:600 2rem/1.2 Georgia,serif;margin:0 0 .5rem}
h2{font:600 1.4rem/1.3 Georgia,serif;margin:2.5rem 0 1rem}h3{font-size:1.05rem;margin:0 0 .5rem;overflow-wrap:anywhere}h4{margin:1rem 0 .25rem;font-size:.95rem}
p{margin:.25rem 0 .75rem}.muted{color:var(--muted);font-size:.85em}a{color:var(--accent)}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace}
.op{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1.25rem;margin:0 0 1rem}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:.4rem;padding:.05rem .4rem;font:600 .8rem/1.6 ui-monospace,monospace;color:#fff;background:#2f6f5e}
.method.post{background:#8a5a00}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-top:1px solid var(--line)}
th{font-weight:600;color:var(--muted)}nav ul{padding-left:1.2rem}pre{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem;overflow-x:auto}`;

/** The page: introduction, one section per tag with its operations, then the schemas. */
export function apiDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Operation,
    })),
  );
  const sections = document.tags
    .map(({ name }) => {
      const own = operations.filter(({ operation }) => operation.tags.includes(name));
      return `<h2 id="tag-${escape(name)}">${escape(name)}</h2>${own.map(({ path, method, operation }) => operationHtml(path, method, operation)).join('')}`;
    })
    .join('');
  const schemas = Object.entries(document.components.schemas as Record<string, Schema>)
    .map(
      ([name, schema]) =>
        `<section class="op" id="schema-${escape(name)}"><h3><code>${escape(name)}</code></h3>${table(['Feld', 'Typ', 'Bedeutung'], propertyRows(schema))}</section>`,
    )
    .join('');
  const server = document.servers[0]!.url;
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} – Dokumentation</title><style>${STYLE}</style></head>
<body><main>
<h1>${escape(document.info.title)} <span class="muted">v${escape(document.info.version)}</span></h1>
<p>${prose(document.info.description)}</p>
<p>Basis-URL: <code>${escape(server)}</code> · Maschinenlesbar: <a href="openapi.json">OpenAPI 3.1 (openapi.json)</a></p>
<pre><code>curl -H "Authorization: Bearer tsk_…" ${escape(server)}/events?limit=10</code></pre>
<nav aria-label="Inhalt"><ul>${document.tags.map(({ name }) => `<li><a href="#tag-${escape(name)}">${escape(name)}</a></li>`).join('')}<li><a href="#schemas">Datenformate</a></li></ul></nav>
${sections}
<h2 id="schemas">Datenformate</h2>
${schemas}
</main></body></html>`;
}
