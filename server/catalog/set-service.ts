import { HttpError } from '../http-error.ts';
import { assetAddress } from './asset-address.ts';
import type { CardSet } from './catalog-schemas.ts';
import { toPage, type Page } from './list-request.ts';
import { readListRequest, type ListQueryString } from './read-list-request.ts';
import { defaultSetSort, setFilterFields, setSortFields } from './set-fields.ts';
import type { SetRepository, SetRow } from './set-repository.ts';

export interface SetService {
  list(query: ListQueryString): Promise<Page<CardSet>>;
  get(id: string): Promise<CardSet>;
}

const fields = { filters: setFilterFields, sorts: setSortFields, defaultSort: defaultSetSort };

export function createSetService(repository: SetRepository, options: { assetsBaseUrl: string }): SetService {
  const toSet = (row: SetRow): CardSet => ({
    id: row.id,
    code: row.code,
    name: row.name,
    language: row.language,
    logo: assetAddress(row.logo, options.assetsBaseUrl),
    symbol: assetAddress(row.symbol, options.assetsBaseUrl),
    releaseDate: row.release_date,
    cardCount: { official: row.card_count_official, total: row.card_count_total },
  });

  return {
    async list(query) {
      const request = readListRequest(query, fields);
      const result = await repository.list(request);
      return toPage(result, request.page, request.size, toSet);
    },
    async get(id) {
      // PostgreSQL text cannot hold NUL, so no set has such an id.
      const row = id.includes('\0') ? undefined : await repository.find(id);
      if (!row) throw new HttpError(404, `Set '${id}' not found`, { code: 'set_not_found' });
      return toSet(row);
    },
  };
}
