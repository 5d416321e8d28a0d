/**
 * FIO names (spec 03 §5): crypto handles and domains. No key or crypto code, so that every coin's send form can
 * check a recipient handle without loading the rest of the family.
 */

const PART = /^[a-zA-Z0-9](?:[a-zA-Z0-9]|-(?=[a-zA-Z0-9]))*$/;

/**
 * A crypto handle name@domain: 3 to 64 characters in all, alphanumerics and single hyphens, no leading or trailing
 * hyphen in either part.
 */
export function isValidHandle(handle: string): boolean {
  if (typeof handle !== 'string' || handle.length < 3 || handle.length > 64) return false;
  const parts = handle.split('@');
  if (parts.length !== 2) return false;
  const [name, domain] = parts as [string, string];
  return PART.test(name) && PART.test(domain);
}

/** A FIO domain: 1 to 62 characters, alphanumerics and single hyphens, no leading or trailing hyphen. */
export function isValidDomain(domain: string): boolean {
  return typeof domain === 'string' && domain.length >= 1 && domain.length <= 62 && PART.test(domain);
}

/** 'name@domain' looks like a handle (the send forms resolve these). */
export const looksLikeHandle = (s: string): boolean => s.includes('@') && isValidHandle(s.trim());
