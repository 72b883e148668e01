// The path of a call with its params filled in, apart from contract.ts (which builds zod schemas): the web's
// sign-in page calls by route and loads no zod (apps/web/src/lib/call.ts).

/** The path of a call with its params filled in (each value as text, encoded). */
export function callPath(call: { path: string }, params: Record<string, unknown> = {}): string {
  return call.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
