import { api } from '../../lib/api.ts';

/** What `GET /v1/vision/status` answers: whether identification can answer, and how far its index is. */
export interface IdentifyStatus {
  building: boolean;
  indexed: number;
  total: number;
  failed: number;
  ready: boolean;
  imagesUnavailable: boolean;
}

export type Readiness = 'ready' | 'learning' | 'images-unavailable' | 'no-cards';

export function readinessOf(status: IdentifyStatus): Readiness {
  if (status.ready) return 'ready';
  if (status.imagesUnavailable) return 'images-unavailable';
  if (status.total === 0) return 'no-cards';
  return 'learning';
}

export function fetchIdentifyStatus(signal?: AbortSignal): Promise<IdentifyStatus> {
  return api.get<IdentifyStatus>('/v1/vision/status', { signal });
}
