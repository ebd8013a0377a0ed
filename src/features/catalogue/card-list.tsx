import { useState } from 'react';
import type { ApiGetState } from '../../lib/use-api-get.ts';
import type { Card, ListPage } from '../../lib/catalogue-types.ts';
import { CardDetailSheet } from './card-detail-sheet.tsx';
import { CardTile } from './card-tile.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { SkeletonTiles } from '../../components/skeleton-tiles.tsx';
import { usePageWithinList } from '../../lib/use-page-within-list.ts';

interface CardListProps {
  state: ApiGetState<ListPage<Card>>;
  onRetry: () => void;
  /** Zero-based. */
  page: number;
  onPageChange: (page: number) => void;
  emptyTitle: string;
  emptyHint?: string;
  /** Copies the signed-in collector owns, by printing id: those tiles are marked. */
  owned?: ReadonlyMap<string, number>;
}

/** One page of cards as tiles, with its loading, failed and empty states, the pager and the detail sheet. */
export function CardList({ state, onRetry, page, onPageChange, emptyTitle, emptyHint, owned }: CardListProps) {
  const [selected, setSelected] = useState<Card>();
  const lastPage = state.status === 'ready' ? state.data.pageable.total_pages - 1 : undefined;
  usePageWithinList(page, lastPage, onPageChange);

  if (state.status === 'loading') return <SkeletonTiles count={6} />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={onRetry} />;
  const { content, pageable } = state.data;
  if (content.length === 0 && pageable.total_elements === 0) return <EmptyState title={emptyTitle} hint={emptyHint} />;
  if (page > pageable.total_pages - 1) return <SkeletonTiles count={6} />;

  const changePage = (next: number) => {
    onPageChange(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <ul className="tile-grid card-grid">
        {content.map((card) => (
          <CardTile key={card.id} card={card} onDetails={setSelected} owned={owned?.get(card.id)} />
        ))}
      </ul>
      <Pager page={page} totalPages={pageable.total_pages} onPageChange={changePage} />
      {selected && <CardDetailSheet card={selected} onClose={() => setSelected(undefined)} />}
    </>
  );
}
