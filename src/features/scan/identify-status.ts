import { api } from '../../lib/api.ts';

/** What `GET /v1/vision/status` answers: whether identification can answer, and how far its index is. */
export interface IdentifyStatus {
  building: boolean;
  indexed: number;
  total: number;
  failed: number;
  ready: boolean;
  imagesUnavailable: boolean;
  /** The server learns its cards itself; otherwise someone must run `catalog:index`. */
  autoIndex: boolean;
}

export type Readiness = 'ready' | 'learning' | 'images-unavailable' | 'no-cards' | 'not-indexed';

export function readinessOf(status: IdentifyStatus): Readiness {
  if (status.ready) return 'ready';
  if (status.imagesUnavailable) return 'images-unavailable';
  if (status.total === 0 && !status.building) return 'no-cards';
  return status.autoIndex ? 'learning' : 'not-indexed';
}

export function fetchIdentifyStatus(signal?: AbortSignal): Promise<IdentifyStatus> {
  return api.get<IdentifyStatus>('/v1/vision/status', { signal });
}
