import type { BasicModeReason } from '../../../engine/api.ts';
import type { Message } from '../../i18n/define-messages.ts';
import { debugMessages as m } from './debug-messages.ts';

/** Why no model is loaded, in the user's language; the engine's own message stays in the console. */
export function basicModeMessage(reason: BasicModeReason): Message {
  switch (reason.code) {
    case 'no-model-url':
      return m.errorNoModelUrl;
    case 'http-error':
      return m.errorHttp;
    case 'network-error':
      return m.errorNetwork;
    case 'not-a-model':
      return m.errorNotAModel;
    case 'session-error':
      return m.errorSession;
  }
}
