// Operator calls of the welcome prompt (spec 000 section 7, User): the picture and its acknowledgement (gate 6).
import { cancelPromptCall } from '@cqjy/domain/contracts/users';
import { fetchData } from '../lib/call.ts';
import { http } from '../lib/http.ts';

/** The picture: bytes, not the envelope. */
export function fetchWelcomeImage(signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>('/api/operator/welcome/image', undefined, { responseType: 'blob', signal });
}

/** Marks the welcome prompt as read (prompt becomes false), so gate 6 lets the user through. */
export async function cancelWelcomePrompt(): Promise<void> {
  await fetchData(cancelPromptCall, {});
}
