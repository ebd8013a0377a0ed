import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { catalogueMessages } from '../../components/catalogue-messages.ts';
import { FallbackImage } from '../../components/fallback-image.tsx';
import { setImageUrl } from '../../lib/catalogue-images.ts';
import type { CardSet } from '../../lib/catalogue-types.ts';

export function SetTile({ set }: { set: CardSet }) {
  const intl = useIntl();
  return (
    <li>
      <Link className="set-tile" to={`/sets/${encodeURIComponent(set.id)}`}>
        <span className="set-symbol-frame">
          <FallbackImage className="set-symbol" src={setImageUrl(set.symbol)} alt="" placeholder={intl.formatMessage(catalogueMessages.noSymbol)} />
        </span>
        <span className="set-tile-text">
          <span className="set-tile-name">{set.name}</span>
          <span className="set-tile-meta">
            <span className="code-badge">{set.code}</span>
            <span className="language-badge">{set.language.toUpperCase()}</span>
          </span>
        </span>
      </Link>
    </li>
  );
}
