/** The search domain's public face: one search over what the caller may see (issue 49, point 3). */
export {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_CHARS,
  SEARCH_MAX_LIMIT,
  type SearchHit,
  type SearchQuery,
  type SearchType,
  search,
  searchStatement,
  searchTypes,
} from './search.ts';
