import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { removeToastAtom, toastsAtom } from '../../state/toasts.ts';
import { commonMessages } from '../../i18n/common-messages.ts';

export function ToastViewport() {
  const intl = useIntl();
  const toasts = useAtomValue(toastsAtom);
  const remove = useSetAtom(removeToastAtom);
  return (
    <ol className="toast-viewport" aria-live="polite" aria-relevant="additions text">
      {toasts.map((toast) => (
        <li key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <div className="toast-text">
            <strong>{toast.title}</strong>
            {toast.message && <p>{toast.message}</p>}
          </div>
          <button type="button" className="icon-button" aria-label={intl.formatMessage(commonMessages.close)} onClick={() => remove(toast.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
