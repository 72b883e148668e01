import { useCallback, useRef, useState } from 'react';

export type SubmitCallbacks<R> = {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
};

export type Submit<A, R> = {
  /** Runs the call unless one is still running (a second click while pending does nothing). */
  mutate: (arg: A, callbacks?: SubmitCallbacks<R>) => void;
  isPending: boolean;
};

/**
 * One call at a time with its pending state, for the sign-in and sign-out buttons. The sign-in page loads before
 * TanStack Query (the portal's pages bring it), so these calls do not use its useMutation; the HTTP client has
 * already told the user of a failure, the callbacks only tidy the form.
 */
export function useSubmit<A, R>(run: (arg: A) => Promise<R>): Submit<A, R> {
  const [isPending, setIsPending] = useState(false);
  // the state is seen by the next render only; the ref refuses a second call in the same tick
  const running = useRef(false);
  const mutate = useCallback(
    (arg: A, callbacks: SubmitCallbacks<R> = {}) => {
      if (running.current) return;
      running.current = true;
      setIsPending(true);
      run(arg)
        .then(
          (result) => callbacks.onSuccess?.(result),
          (error: unknown) => callbacks.onError?.(error),
        )
        .finally(() => {
          running.current = false;
          setIsPending(false);
          callbacks.onSettled?.();
        });
    },
    [run],
  );
  return { mutate, isPending };
}
