import { randomInt } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '@shared/certificates';

/**
 * A new public check code (docs/decisions/064-certificates.md#check-code): 12 signs drawn uniformly by the
 * system's CSPRNG from 32 that do not read alike, 60 bits: guessing one of a million issued codes takes about
 * 10^12 tries on average, against a limit of a few dozen per client and ten minutes.
 */
export function newCertificateCode(): string {
  let code = '';
  for (let i = 0; i < CERTIFICATE_CODE_LENGTH; i++) {
    code += CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)];
  }
  return code;
}
