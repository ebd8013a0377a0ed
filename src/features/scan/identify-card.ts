import { api } from '../../lib/api.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';

/** Sends the photo of the card frame to the server and answers its candidates, best first. */
export async function identifyCard(photo: Blob): Promise<ScanCandidate[]> {
  const form = new FormData();
  form.append('file', photo, 'card.jpg');
  const body = await api.post<{ candidates?: ScanCandidate[] }>('/v1/vision/identify', { body: form });
  return [...(body?.candidates ?? [])].sort((a, b) => b.score - a.score);
}
