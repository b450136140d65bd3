// What the legal and help texts say about paying, following what the shop offers now
// (docs/product/site.md#payment-texts): card and wallets through the payment provider, 'Überweisung (Vorkasse)',
// both, or neither (then only free events can be booked). Shared: the client renders the texts, the server
// writes the FAQ's structured data with them. Plain strings, one sentence group each.

import { DAYS_DUE_BEFORE_START, DAYS_TO_PAY, GRACE_DAYS } from '../bank-transfer';
import { orderedMethods, type OnlineMethod, type PaymentMethodSettings } from '../payment-methods';

export interface OfferedPaymentMethods {
  /** Paying online through the payment provider (Stripe; the test provider outside production). */
  card: boolean;
  /**
   * The online methods switched on under 'Zahlungsarten', in the admin's order (docs/product/payments.md#methods);
   * absent: card and wallets, what the shop offered before it knew more.
   */
  online?: OnlineMethod[];
  /** 'Überweisung (Vorkasse)', for events at least this many days ahead; null: not offered. */
  bankTransfer: { minDaysBeforeStart: number } | null;
}

/** What the spec describes, and what the texts say before the shop's answer is known. */
export const CARD_ONLY: OfferedPaymentMethods = { card: true, bankTransfer: null };

/** From GET /api/payments/config (provider null: no card payments; bankTransfer null: no transfers). */
export function offeredPaymentMethods(
  config:
    | {
        provider: string | null;
        bankTransfer: { minDaysBeforeStart: number } | null;
        methods?: Pick<PaymentMethodSettings, 'enabled' | 'order'>;
      }
    | null
    | undefined,
): OfferedPaymentMethods {
  if (!config) return CARD_ONLY;
  const { methods } = config;
  const online = methods
    ? orderedMethods(methods).filter(
        (m): m is OnlineMethod =>
          m !== 'bank_transfer' &&
          methods.enabled.includes(m as OnlineMethod) &&
          (m !== 'wallet' || methods.enabled.includes('card')),
      )
    : undefined;
  return {
    card: config.provider !== null && (online === undefined || online.length > 0),
    ...(online ? { online } : {}),
    bankTransfer: config.bankTransfer ? { minDaysBeforeStart: config.bankTransfer.minDaysBeforeStart } : null,
  };
}

const ONLINE_WORDS: Record<OnlineMethod, string[]> = {
  card: ['Karte'],
  wallet: ['Apple Pay', 'Google Pay'],
  paypal: ['PayPal'],
  sepa_debit: ['SEPA-Lastschrift'],
  klarna: ['Klarna'],
  billie: ['Rechnungskauf für Firmen (Billie)'],
};
/** 'per Karte, Apple Pay oder Google Pay': the switched-on online methods in the admin's order. */
const onlineWords = (methods: OfferedPaymentMethods) => {
  const words = (methods.online ?? ['card', 'wallet']).flatMap((m) => ONLINE_WORDS[m]);
  return `per ${words.length > 1 ? `${words.slice(0, -1).join(', ')} oder ${words.at(-1)}` : words[0]}`;
};
/** Methods whose provider gets the buyer's data from Stripe, named on the privacy page. */
const PARTNERS: Partial<Record<OnlineMethod, string>> = {
  paypal: 'PayPal',
  klarna: 'Klarna',
  billie: 'Billie',
};
const days = (n: number) => (n === 1 ? '1 Tag' : `${n} Tage`);
const transferWhen = (methods: OfferedPaymentMethods) =>
  `bei Veranstaltungen, die bei der Buchung noch mindestens ${days(methods.bankTransfer!.minDaysBeforeStart)} entfernt sind`;

/** The third step beside the event's sign-in card (the spec: pay by card through a payment provider). */
export function signInPayStep(methods: OfferedPaymentMethods): string {
  if (methods.card && methods.bankTransfer)
    return 'Per Karte (über unseren Zahlungsanbieter) oder per Überweisung bezahlen';
  if (methods.card) return 'Sicher per Karte bezahlen (über unseren Zahlungsanbieter)';
  if (methods.bankTransfer) return 'Per Überweisung bezahlen (Vorkasse)';
  return 'Buchung bestätigen';
}

/** FAQ 'Wie buche ich einen Platz?': choosing tickets and paying. */
export function faqHowToPay(methods: OfferedPaymentMethods): string {
  const start =
    'Beim ersten Mal ergänzt du kurz deinen Namen und deine Telefonnummer. Danach wählst du die Anzahl der Tickets, trägst den Namen für das Ticket ein und';
  if (methods.card && methods.bankTransfer)
    return `${start} bezahlst bequem ${onlineWords(methods)} oder, ${transferWhen(methods)}, auch per Überweisung (Vorkasse).`;
  if (methods.card) return `${start} bezahlst bequem ${onlineWords(methods)}.`;
  if (methods.bankTransfer)
    return `${start} bezahlst per Überweisung (Vorkasse): Bankverbindung und Verwendungszweck bekommst du gleich nach der Bestellung. Das geht ${transferWhen(methods)}.`;
  return `${start} bestätigst deine Buchung. Kostenpflichtige Buchungen sind über diese Website gerade nicht möglich.`;
}

/** FAQ 'Wie buche ich einen Platz?': when the tickets come. */
export function faqWhenPaid(methods: OfferedPaymentMethods): string {
  const after =
    'bekommst du eine Bestätigung per E-Mail und dein Ticket liegt unter „Meine Tickets“ für dich bereit.';
  if (methods.bankTransfer)
    return `Sobald deine Zahlung bei uns angekommen ist (eine Überweisung braucht meist ein bis zwei Werktage), ${after}`;
  return `Sobald die Zahlung durch ist, ${after}`;
}

/** AGB § 3, after 'Die Teilnahmegebühr ist spätestens 7 Tage vor Beginn der Veranstaltung fällig.' */
export function termsHowToPay(methods: OfferedPaymentMethods): string {
  const card = `direkt beim Buchen ${onlineWords(methods)} über unseren Zahlungsdienstleister Stripe`;
  const transfer = () =>
    `per Überweisung (Vorkasse) auf unser Konto; die Überweisung ist möglich ${transferWhen(methods)}. Bankverbindung, Verwendungszweck und Zahlungsfrist (${days(DAYS_TO_PAY)} nach der Bestellung, spätestens ${days(DAYS_DUE_BEFORE_START)} vor Beginn) nennen wir dir gleich nach der Bestellung; bis dahin halten wir deine Plätze für dich frei. Ist ${days(GRACE_DAYS)} nach der Frist kein Geld eingegangen, stornieren wir die Buchung und geben die Plätze wieder frei`;
  if (methods.card && methods.bankTransfer)
    return `Bei einer Buchung über diese Website bezahlst du ${card} oder ${transfer()}.`;
  if (methods.card) return `Bei einer Buchung über diese Website bezahlst du ${card}.`;
  if (methods.bankTransfer) return `Bei einer Buchung über diese Website bezahlst du ${transfer()}.`;
  return 'Kostenpflichtige Buchungen sind über diese Website derzeit nicht möglich.';
}

/** AGB § 4, after the refund of the fees less the cancellation fee; only when transfers are offered. */
export function termsTransferRefund(methods: OfferedPaymentMethods): string | null {
  return methods.bankTransfer
    ? 'Hast du per Überweisung bezahlt, überweisen wir den Betrag auf das Konto, das du beim Stornieren angibst, sonst auf das Konto, von dem deine Zahlung kam.'
    : null;
}

/** The privacy page's 'Zahlung' item about transfers (the card item names Stripe). */
export const PRIVACY_TRANSFER_TEXT =
  'Bei Zahlung per Überweisung erhalten wir über die Kontoauszüge unserer Bank den Namen und die IBAN des Kontos, von dem du überweist, sowie Betrag, Datum und Verwendungszweck; damit ordnen wir die Zahlung deiner Buchung zu. Gibst du beim Stornieren ein Konto für die Erstattung an (IBAN und Kontoinhaber), nutzen wir es nur, um dir das Geld zurückzuüberweisen. Kontoauszüge und Buchungsbelege bewahren wir auf, solange Handels- und Steuerrecht es verlangen.';

/**
 * The privacy page's 'Zahlung' item, after the Stripe sentence: the providers Stripe hands the buyer to for the
 * switched-on methods, and the debit's IBAN; null when none of them is offered.
 */
export function privacyPartnersText(methods: OfferedPaymentMethods): string | null {
  const online = methods.card ? (methods.online ?? []) : [];
  const partners = online.flatMap((m) => PARTNERS[m] ?? []);
  const parts: string[] = [];
  if (partners.length > 0) {
    const names =
      partners.length > 1 ? `${partners.slice(0, -1).join(', ')} oder ${partners.at(-1)}` : partners[0];
    const checks = partners.filter((p) => p !== 'PayPal');
    parts.push(
      `Bezahlst du mit ${names}, gibt Stripe die für die Zahlung nötigen Angaben (Name, E-Mail-Adresse, Betrag${online.includes('billie') ? ', bei einem Rechnungskauf die Rechnungsadresse deiner Firma' : ''}) an diesen Anbieter weiter oder leitet dich zu ihm; er verarbeitet sie in eigener Verantwortung nach seiner Datenschutzerklärung${checks.length > 0 ? `, ${checks.join(' und ')} auch für eine Prüfung deiner Zahlungsfähigkeit` : ''}.`,
    );
  }
  if (online.includes('sepa_debit')) {
    parts.push(
      'Für eine SEPA-Lastschrift gibst du deine IBAN direkt bei Stripe ein und erteilst dort das Mandat; wir sehen die IBAN nicht.',
    );
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
