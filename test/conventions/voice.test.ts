import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * One voice (docs/decisions/027-one-voice.md): the shop says 'du', and writes 'E-Mail'. The only texts with a
 * formal 'Sie'/'Ihr'/'Ihnen' or the spelling 'Email' are the spec's own quotes, kept verbatim, plus sentences
 * where 'Sie' is the pronoun 'they' and addresses nobody. This test reads the user-facing texts of the source
 * (string literals, template literal parts and JSX text; never comments or identifiers) and fails on any
 * other hit, and on an allowed text that is no longer used (so the list and the decision stay true).
 */

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src/web', 'src/shared', 'src/server'];
/** Demo data (organizer bios in the third person) and migrations are not texts the shop says to a user. */
const SKIPPED = ['src/server/db', 'src/server/demo'];

/** Formal address: 'Sie', 'Ihnen' and the possessive 'Ihr…' are only formal when capitalised mid-sentence. */
const FORMAL = /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/;
/** Any spelling of e-mail other than 'E-Mail' (identifiers such as supportEmail are no texts and not read). */
const EMAIL_SPELLING = /(?<![A-Za-z])(Email|EMail|eMail|E-mail|e-Mail|E-MAIL)(?![A-Za-z])/;

/** Quotes of the original specification kept verbatim (decision 027), with the rule that uses each. */
const SPEC_QUOTES: Record<string, string> = {
  'Sie müssen angemeldet sein, um ein Event zu buchen.': 'docs/product/booking-and-seats.md#sign-in-to-book',
  'Fehler bei der Buchung. Bitte versuchen Sie es erneut.': 'docs/product/payments.md#payment-messages',
  'Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.':
    'docs/product/admin.md#owner-setup',
  'Bitte bestätige deine Email-Adresse': 'docs/product/booking-and-seats.md#profile-before-booking',
  'Bitte gib deine Email-Adresse ein': 'docs/product/accounts-and-consent.md#newsletter-form',
  'Bitte gib eine gültige Email-Adresse ein': 'docs/product/accounts-and-consent.md#newsletter-form',
  'Fast geschafft! Bitte bestätige deine Email. 📧': 'docs/product/accounts-and-consent.md#newsletter-form',
};

/** 'Sie' as the third-person pronoun ('they'): no address, so no voice to change. */
const THIRD_PERSON: Record<string, string> = {
  'Admins und Veranstalter, die dieses Event leiten. Sie erscheinen auf der Event-Seite.': 'organizer picker',
  'Nein. Unsere Workshops, Seminare und Retreats sind Angebote zur persönlichen Weiterentwicklung. Sie sind keine Psychotherapie und ersetzen keine ärztliche oder therapeutische Behandlung.':
    'FAQ q-therapie',
};

const ALLOWED = new Set([...Object.keys(SPEC_QUOTES), ...Object.keys(THIRD_PERSON)]);

type Hit = { file: string; line: number; text: string };

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (SKIPPED.includes(rel)) continue;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    )
      out.push(rel);
  }
  return out;
}

/** The texts of one file: string literals, template literal parts and JSX text, whitespace-normalised. */
function textsOf(fileName: string, source: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const texts: { line: number; text: string }[] = [];
  const add = (node: ts.Node, raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text) texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return; // module paths are no texts
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      add(node, node.text);
    else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

function scan(): Hit[] {
  const hits: Hit[] = [];
  for (const dir of SCANNED) {
    for (const file of sourceFiles(dir)) {
      for (const { line, text } of textsOf(file, readFileSync(path.join(root, file), 'utf8'))) {
        if (FORMAL.test(text) || EMAIL_SPELLING.test(text)) hits.push({ file, line, text });
      }
    }
  }
  return hits;
}

describe('one voice: du and E-Mail (decision 027)', () => {
  const hits = scan();

  it('finds no formal address and no other spelling of E-Mail outside the kept spec quotes', () => {
    const unexpected = hits
      .filter((hit) => !ALLOWED.has(hit.text))
      .map((h) => `${h.file}:${h.line} ${h.text}`);
    expect(unexpected).toEqual([]);
  });

  it('every kept text is still in use (the list in the decision stays true)', () => {
    const used = new Set(hits.map((hit) => hit.text));
    expect([...ALLOWED].filter((text) => !used.has(text))).toEqual([]);
  });

  it('reads texts, not comments or identifiers', () => {
    const texts = textsOf(
      'probe.tsx',
      `// Bitte melden Sie sich an\nconst supportEmail = 'Schreib uns eine E-Mail';\nconst el = <p>Haben Sie Fragen?</p>;\nconst t = \`Ihre \${x} Email\`;`,
    ).map((t) => t.text);
    expect(texts).toEqual(['Schreib uns eine E-Mail', 'Haben Sie Fragen?', 'Ihre', 'Email']);
    expect(texts.filter((t) => FORMAL.test(t) || EMAIL_SPELLING.test(t))).toEqual([
      'Haben Sie Fragen?',
      'Ihre',
      'Email',
    ]);
  });
});
