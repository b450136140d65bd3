import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@shared/api-keys';

/**
 * A new key: 'tsk_' and 32 random bytes in base64url (256 bits: guessing is hopeless, so a fast hash is enough
 * to store it; docs/product/api.md#keys).
 */
export const newApiKeySecret = () => API_KEY_PREFIX + randomBytes(32).toString('base64url');

/** What is stored of a key: the hex SHA-256 of the whole key. */
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The characters kept in clear, to recognise a key in the list. */
export const apiKeyPrefix = (secret: string) => secret.slice(0, API_KEY_SHOWN_CHARS);

/** Could this be one of our keys at all? Anything else is refused without a database lookup. */
export const looksLikeApiKey = (value: string) => /^tsk_[A-Za-z0-9_-]{43}$/.test(value);
