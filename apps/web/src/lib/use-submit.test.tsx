import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from './use-submit.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('runs one call at a time: a second click while pending does nothing', async () => {
    const call = deferred<string>();
    const run = vi.fn(() => call.promise);
    const onSuccess = vi.fn();
    const onSettled = vi.fn();
    const { result } = renderHook(() => useSubmit(run));
    act(() => {
      result.current.mutate('a', { onSuccess, onSettled });
      result.current.mutate('b', { onSuccess, onSettled });
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('a');
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      call.resolve('done');
      await call.promise;
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(onSuccess).toHaveBeenCalledExactlyOnceWith('done');
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('hands a failure to onError and may run again after it', async () => {
    const run = vi.fn<(arg: number) => Promise<number>>().mockRejectedValueOnce(new Error('refused'));
    run.mockResolvedValueOnce(2);
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useSubmit(run));
    act(() => result.current.mutate(1, { onError, onSuccess }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    act(() => result.current.mutate(2, { onError, onSuccess }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledExactlyOnceWith(2));
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
