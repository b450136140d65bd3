import { useEffect, useState } from 'react';
import { givenFullName } from '@shared/profile';
import type { BillingAddress } from '@shared/invoices';
import type { SessionUser } from '@shared/session';
import {
  billingAddressProblems,
  billingAddressRequired,
  emptyBillingAddress,
  type BillingAddressErrors,
  type BillingAddressValues,
  type BillingField,
} from './checkout-rules';

/**
 * The 'Rechnungsadresse' of the order (docs/product/invoices.md#billing-address): optional behind a checkbox
 * up to 250 €, open and required above. 'Name' starts with the profile's full name (also after the quick
 * sign-in on the page).
 *
 * Personal data: the address lives in this page's state only, it is not remembered for the next order (no
 * localStorage, no profile field); the server keeps it on the booking it was given for.
 *
 * `submit` gives what the order sends: undefined while the section is closed, the checked address, or null
 * when it is incomplete (the messages then stand at the fields and the first of them takes the focus). The
 * check (zod) is loaded as soon as the section is open.
 * `showServerProblems` puts a 422 answer's address details at their fields; false when there were none.
 */
const loadCheck = () => import('./billing-check').then((module) => module.checkBillingAddress);

export function useBillingAddress(user: SessionUser | null, totalCents: number) {
  const [chosen, setChosen] = useState(false);
  const [typed, setTyped] = useState<Partial<BillingAddressValues>>({});
  const [errors, setErrors] = useState<BillingAddressErrors>({});
  // The server asked for an address the page did not (its total was above 250 €, say the early-bird price
  // ended meanwhile): from then on the section is open and required here too.
  const [serverRequired, setServerRequired] = useState(false);
  // Counts the refused attempts: each one moves the focus to the first field with a message.
  const [attempt, setAttempt] = useState(0);
  const required = billingAddressRequired(totalCents) || serverRequired;
  const open = required || chosen;
  const values: BillingAddressValues = { ...emptyBillingAddress(givenFullName(user)), ...typed };

  const change = <Field extends BillingField>(field: Field, value: BillingAddressValues[Field]) => {
    setTyped((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      const rest = { ...previous };
      delete rest[field];
      // a new country changes which postcodes are valid: its message waits for the next check
      if (field === 'country') delete rest.postalCode;
      return rest;
    });
  };

  const refuse = (next: BillingAddressErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

  useEffect(() => {
    if (open) void loadCheck();
  }, [open]);

  const submit = async (): Promise<BillingAddress | undefined | null> => {
    if (!open) return undefined;
    const checked = (await loadCheck())(values);
    if (checked.address) {
      setErrors({});
      return checked.address;
    }
    refuse(checked.errors);
    return null;
  };

  const showServerProblems = (details: unknown): boolean => {
    const problems = billingAddressProblems(details);
    if (!problems) return false;
    if (!problems.missing) {
      refuse(problems.errors);
      return true;
    }
    setServerRequired(true);
    // a missing address: the empty fields say what they need, as after a check on the page
    void loadCheck().then((check) => refuse({ ...(check(values).errors ?? {}), ...problems.errors }));
    return true;
  };

  const toggle = (next: boolean) => {
    setChosen(next);
    if (!next) setErrors({});
  };

  return { required, open, chosen, toggle, values, change, errors, attempt, submit, showServerProblems };
}

export type BillingAddressState = ReturnType<typeof useBillingAddress>;
