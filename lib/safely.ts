/** `read()`, or `fallback` when it throws or gives undefined: for reading hostile or half-built page markup. */
export function safely<T>(read: () => T | undefined, fallback: T): T {
  try {
    return read() ?? fallback;
  } catch {
    return fallback;
  }
}
