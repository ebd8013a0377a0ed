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
      throw new HttpError(400, `${label} '${name}' holds a control character`);
    }
  }
}
