import { describe, expect, it } from 'vitest';
import { sepaText } from './sepa-text';

// docs/product/bank-transfer.md#sepa-characters

const SEPA_SET = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;

describe('sepaText', () => {
  it.each([
    ['Jörg Weiß', 'Joerg Weiss'],
    ['ÄÖÜ äöü ß ẞ', 'AeOeUe aeoeue ss SS'],
    ['Müller & Söhne <GmbH> "Die Besten"', 'Mueller + Soehne GmbH Die Besten'],
    ['François Dupré', 'Francois Dupre'],
    ['Łukasz Żółć', 'Lukasz Zolc'],
    ['Çağla Şahin', 'Cagla Sahin'],
    ['Дмитрий Иванов', 'Dmitriy Ivanov'],
    ['O’Brien – Café №5 für 20 € @home #1 50%', "O'Brien - Cafe 5 fuer 20 EUR home 1 50"],
    ['Tab\tund\nZeile', 'Tab und Zeile'],
    ['a\u0308rger (NFD)', 'aerger (NFD)'],
    ['Erstattung Überzahlung WR-7K3Q9F', 'Erstattung Ueberzahlung WR-7K3Q9F'],
    ['Kundin 😀 李', 'Kundin'],
  ])('%s → %s', (text, expected) => {
    expect(sepaText(text, 140)).toBe(expected);
    expect(expected).toMatch(SEPA_SET);
  });

  it('cuts after transliterating, without a space at the end', () => {
    const name = `${'Groß'.repeat(20)} Straße`;
    const cut = sepaText(name, 70);
    expect(cut).toHaveLength(70);
    expect(cut.startsWith('GrossGross')).toBe(true);
    expect(sepaText('ab cd', 3)).toBe('ab');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
  });
});
