import { useIntl } from 'react-intl';
import { conditions } from '../collection-api.ts';
import { conditionMessages } from '../collection-messages.ts';

/** The five card conditions as the options of a select, best first. */
export function ConditionOptions() {
  const intl = useIntl();
  return conditions.map((condition) => (
    <option key={condition} value={condition}>
      {intl.formatMessage(conditionMessages[condition])}
    </option>
  ));
}
