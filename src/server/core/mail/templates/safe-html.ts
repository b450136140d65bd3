/** HTML that is already escaped; only the `markup` tag below (and code that escapes itself) creates it. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/**
 * Tagged template that escapes every interpolated value unless it is SafeHtml (or a list of them), so a
 * name like `<script>` from a profile or the settings can never become markup in a mail. Not called
 * `html` on purpose: Prettier reformats `html` templates as HTML, which would change the mails' output.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += toHtml(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

function toHtml(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/** Links in mails only ever point to the web or a mail address; anything else becomes a dead link. */
export function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url) ? url : '#';
}
