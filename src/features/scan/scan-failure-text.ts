import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api-error.ts';
import { errorMessageOf } from '../../lib/error-text.ts';
import { problems } from './identify-readiness.tsx';
import { readinessOf, type IdentifyStatus } from './identify-status.ts';
import { scanMessages as m } from './scan-messages.ts';

/**
 * Why a scan failed, truthfully: the connection only when the request itself failed; the server's
 * state when it refused because identification is not ready; the app's words for a problem the
 * server named (a photo too large, not an image); otherwise a plain retry.
 */
export async function scanFailureText(error: unknown, intl: IntlShape, refreshStatus: () => Promise<IdentifyStatus | null>): Promise<string> {
  if (!(error instanceof ApiError) || error.status === undefined) return intl.formatMessage(m.toastFailedText);
  if (error.status === 503) {
    const status = await refreshStatus();
    const readiness = status && readinessOf(status);
    if (readiness === 'learning') return intl.formatMessage(m.readinessLearning, { indexed: status!.indexed, total: status!.total });
    if (readiness && readiness !== 'ready') return intl.formatMessage(problems[readiness].problem);
  }
  const known = errorMessageOf(error.code);
  if (known) return intl.formatMessage(known);
  return intl.formatMessage(m.toastFailedServerText);
}
