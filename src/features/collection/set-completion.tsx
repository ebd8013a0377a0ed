import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SetCompletion } from './collection-api.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';

/** "151: 87 / 165" for each set the collector owns cards of, linking to the set with those cards marked. */
export function SetCompletionList({ sets }: { sets: SetCompletion[] }) {
  const intl = useIntl();
  if (sets.length === 0) return null;
  return (
    <section className="set-completion" aria-labelledby="set-completion-title">
      <h2 id="set-completion-title">{intl.formatMessage(m.setsTitle)}</h2>
      <ul>
        {sets.map((set) => (
          <li key={set.id}>
            <Link to={`/sets/${encodeURIComponent(set.id)}`}>
              <span className="set-completion-text">{intl.formatMessage(m.setProgress, { name: set.name, owned: set.owned, total: set.total })}</span>{' '}
              <span className="language-badge">{set.language.toUpperCase()}</span>
              <progress max={set.total} value={set.owned} aria-hidden="true" />
              <span className="visually-hidden">{intl.formatMessage(m.setProgressLabel, { owned: set.owned, total: set.total })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
