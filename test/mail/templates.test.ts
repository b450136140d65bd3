import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type AppSettings } from '@shared/settings';
import { adminCreatedMail } from '@server/core/mail/templates/admin-created';
import { emailChangeMail } from '@server/core/mail/templates/email-change';
import { emailChangeNoticeMail } from '@server/core/mail/templates/email-change-notice';
import { emailChangeTakenMail } from '@server/core/mail/templates/email-change-taken';
import { magicLinkMail } from '@server/core/mail/templates/magic-link';
import { mailContextFrom, type MailContext } from '@server/core/mail/templates/mail-context';
import { renderLayout } from '@server/core/mail/templates/render-layout';
import { markup } from '@server/core/mail/templates/safe-html';
import { signInCodeMail } from '@server/core/mail/templates/sign-in-code';

const context: MailContext = {
  siteName: 'Wachstumsraum',
  logoUrl: 'https://shop.example.test/uploads/logo.png',
  supportEmail: 'hallo@shop.example.test',
  publicUrl: 'https://shop.example.test',
};
const evil = '<script>alert(1)</script>';
const hostile: MailContext = { ...context, siteName: `Shop ${evil}` };

function expectEscaped(mailHtml: string) {
  expect(mailHtml).not.toContain('<script');
  expect(mailHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
}

describe('layout', () => {
  it('frames the body with logo, footer and preheader, escaping every value', () => {
    const { html: page, text } = renderLayout({
      brand: { siteName: `Shop ${evil}`, logoUrl: 'https://shop.example.test/logo.png?a=1&b="2"' },
      supportEmail: 'hilfe@shop.example.test',
      publicUrl: 'https://shop.example.test',
      preheader: `Vorschau ${evil}`,
      bodyHtml: markup`<p>${evil}</p>`,
      bodyText: 'Hallo Text',
    });
    expectEscaped(page);
    expect(page).toContain('src="https://shop.example.test/logo.png?a=1&amp;b=&quot;2&quot;"');
    expect(page).toContain('href="mailto:hilfe@shop.example.test"');
    expect(page).toContain('lang="de"');
    expect(page).toContain('<meta name="color-scheme" content="light dark">');
    expect(page).toContain('@media (prefers-color-scheme: dark)');
    expect(page).toMatch(/<table role="presentation"/);
    expect(text).toContain('Hallo Text');
    expect(text).toContain('Fragen? Schreib uns an hilfe@shop.example.test.');
  });

  it('turns links that are not http(s) or mailto into dead links', () => {
    const { html: page } = renderLayout({
      brand: { siteName: 'X', logoUrl: 'javascript:alert(1)' },
      supportEmail: 'a@b.test',
      publicUrl: 'javascript:alert(2)',
      preheader: '',
      bodyHtml: markup``,
      bodyText: '',
    });
    expect(page).not.toMatch(/(href|src)="javascript:/i);
    expect(page).toContain('href="#"');
  });
});

describe('mail context', () => {
  const settings = (brand: Partial<AppSettings['brand']>, supportEmail = 'support@shop.example.test') => ({
    ...DEFAULT_SETTINGS,
    brand: { ...DEFAULT_SETTINGS.brand, ...brand },
    supportEmail,
  });

  it('falls back to /logo.svg under the public URL when no logo is uploaded', () => {
    expect(mailContextFrom(settings({}), { publicUrl: 'https://shop.example.test/' })).toEqual({
      siteName: 'Wachstumsraum',
      logoUrl: 'https://shop.example.test/logo.svg',
      supportEmail: 'support@shop.example.test',
      publicUrl: 'https://shop.example.test',
    });
  });

  it('prefers the brand logo and makes a relative one absolute', () => {
    const ctx = mailContextFrom(settings({ logoLightUrl: '/uploads/logo.png' }), {
      publicUrl: 'https://shop.example.test',
    });
    expect(ctx.logoUrl).toBe('https://shop.example.test/uploads/logo.png');
  });
});

describe('sign-in code mail', () => {
  it('shows the code large in the HTML and plainly in the text, valid 10 minutes', () => {
    const mail = signInCodeMail({ context, code: '482913' });
    expect(mail.subject).toBe('Dein Anmeldecode: 482913');
    // One unbroken run of digits: copying it gives exactly the code.
    expect(mail.html).toMatch(/font-size:34px[^>]*>482913<\/td>/);
    expect(mail.text).toMatch(/^ {4}482913$/m);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('10 Minuten gültig');
      expect(body).toContain('einfach ignorieren');
      expect(body).not.toContain('Jetzt anmelden');
    }
  });

  it('adds the one-click link when given', () => {
    const url = 'https://shop.example.test/auth/magic-link?token=abc&x=1';
    const mail = signInCodeMail({ context, code: '482913', magicLinkUrl: url, minutesValid: 5 });
    expect(mail.html).toContain('Jetzt anmelden');
    expect(mail.html).toContain('href="https://shop.example.test/auth/magic-link?token=abc&amp;x=1"');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('5 Minuten gültig');
  });

  it('escapes a hostile site name', () => {
    expectEscaped(signInCodeMail({ context: hostile, code: '482913' }).html);
  });
});

describe('magic link mail', () => {
  it('has the button and the plain URL', () => {
    const url = 'https://shop.example.test/auth/magic-link?token=t0k3n';
    const mail = magicLinkMail({ context, url, minutesValid: 15 });
    expect(mail.subject).toBe('Dein Anmeldelink für Wachstumsraum');
    expect(mail.html).toMatch(
      /<a href="https:\/\/shop\.example\.test\/auth\/magic-link\?token=t0k3n"[^>]*>Jetzt anmelden<\/a>/,
    );
    expect(mail.html).toMatch(/>https:\/\/shop\.example\.test\/auth\/magic-link\?token=t0k3n<\/a>/);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('15 Minuten gültig');
    expectEscaped(magicLinkMail({ context: hostile, url, minutesValid: 15 }).html);
  });
});

describe('e-mail change mail', () => {
  it('asks to confirm the new address', () => {
    const url = 'https://shop.example.test/email-confirmed?token=x';
    const mail = emailChangeMail({ context, url, newEmail: 'neu@example.test' });
    expect(mail.subject).toBe('Bitte bestätige deine neue E-Mail-Adresse');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('neu@example.test');
      expect(body).toContain(url);
    }
    expect(mail.html).toContain('E-Mail-Adresse bestätigen');
    expectEscaped(emailChangeMail({ context, url, newEmail: `x${evil}@example.test` }).html);
  });

  it('tells the owner of a taken address that nothing changed, with a sign-in link but no token', () => {
    const mail = emailChangeTakenMail({ context, email: 'vergeben@example.test' });
    expect(mail.subject).toBe('Deine E-Mail-Adresse hat bereits ein Konto bei Wachstumsraum');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('vergeben@example.test');
      expect(body).toContain('deshalb wurde nichts geändert');
      expect(body).toContain('https://shop.example.test/login');
      expect(body).not.toMatch(/[?&](change|token|code)=/);
    }
    expectEscaped(emailChangeTakenMail({ context: hostile, email: 'vergeben@example.test' }).html);
  });

  it('tells the current address which address was asked for, without the link', () => {
    const mail = emailChangeNoticeMail({ context, newEmail: 'neu@example.test' });
    expect(mail.subject).toBe('Änderung deiner E-Mail-Adresse angefordert');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('neu@example.test');
      expect(body).not.toMatch(/[?&](change|token|code)=/);
    }
    expectEscaped(emailChangeNoticeMail({ context, newEmail: `x${evil}@example.test` }).html);
  });
});

describe('admin created mail', () => {
  it('confirms the admin access and links to /login', () => {
    const mail = adminCreatedMail({ context, email: 'chefin@example.test', name: 'Maria' });
    expect(mail.subject).toBe('Dein Admin-Zugang ist eingerichtet');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Hallo Maria,');
      expect(body).toContain('chefin@example.test');
      expect(body).toContain('https://shop.example.test/login');
    }
    expect(mail.html).toContain('href="https://shop.example.test/login"');
  });

  it('escapes a hostile name', () => {
    const mail = adminCreatedMail({ context, email: 'chefin@example.test', name: evil });
    expectEscaped(mail.html);
    expect(mail.text).toContain(`Hallo ${evil},`); // plain text is never interpreted
  });
});
