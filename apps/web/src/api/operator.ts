// Operator calls of the welcome prompt (spec 000 section 7, User): the picture and its acknowledgement (gate 6).
import type { Envelope } from '@cqjy/domain/api';
import { http, unwrap } from '../lib/http.ts';

export function fetchWelcomeImage(signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>('/api/operator/welcome/image', undefined, { responseType: 'blob', signal });
}

/** Marks the welcome prompt as read (prompt becomes false), so gate 6 lets the user through. */
export async function cancelWelcomePrompt(): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>('/api/operator/cancel/prompt'));
}
