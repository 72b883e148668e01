import { QueryClient } from '@tanstack/react-query';
import { ApiError, HttpError } from './http.ts';

/**
 * Queries get one retry, but only where a second try can help: a refused business call or a 4xx would just fail
 * again and show its message twice.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return false;
  if (error instanceof HttpError) {
    if (error.kind === 'aborted') return false;
    if (error.httpStatus !== null && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
}
