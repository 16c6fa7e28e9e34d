import type { z } from 'zod';

/** Reads a value the app stored itself; anything missing, broken or tampered with gives the fallback. */
export function readStored<Schema extends z.ZodType>(
  key: string,
  schema: Schema,
  fallback: z.infer<Schema>,
): z.infer<Schema> {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: the basket still works for this visit.
  }
}
