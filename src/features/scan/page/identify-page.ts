import { api } from '../../../lib/api.ts';
import type { PageCard } from './page-scan.ts';

/** Sends the whole photo to the server, which finds every card on it and answers each one's candidates. */
export async function identifyPage(photo: Blob): Promise<PageCard[]> {
  const form = new FormData();
  form.append('photo', photo, 'page.jpg');
  const body = await api.post<{ cards?: PageCard[] }>('/v1/vision/identify-page', { body: form });
  return (body?.cards ?? []).map((card) => ({ ...card, candidates: [...card.candidates].sort((a, b) => b.score - a.score) }));
}
