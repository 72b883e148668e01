// One action of a screen at a time: which one is under way (its button spins, the others wait), and the runner
// that marks it. A failure has been told by the HTTP client; the screen stays as it was.
import { useState } from 'react';

export function useBusy<K extends string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async (kind: K, work: () => Promise<void>): Promise<void> => {
    setBusy(kind);
    try {
      await work();
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
