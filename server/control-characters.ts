import { HttpError } from './http-error.ts';

/** C0 controls and DEL: no name, address, token or query holds one, and PostgreSQL text cannot store NUL. */
export function holdsControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Refuses with 400 the first field, named as the client sent it, whose text holds a control character. */
export function refuseControlCharacters(fields: Record<string, unknown>, label: string): void {
  for (const [name, value] of Object.entries(fields)) {
    const texts: unknown[] = Array.isArray(value) ? value : [value];
    if (holdsControlCharacter(name) || texts.some((text) => typeof text === 'string' && holdsControlCharacter(text))) {
      throw new HttpError(400, `${label} '${name}' holds a control character`, { code: 'control_character' });
    }
  }
}

/** The path of the first text holding a control character in a decoded JSON value (e.g. a token's claims), or undefined. */
export function findControlCharacter(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return holdsControlCharacter(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    if (holdsControlCharacter(key)) return itemPath;
    const found = findControlCharacter(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}
