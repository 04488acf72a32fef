export { searchResultsQueryOptions } from './api/search-items';
export { HeaderSearch } from './components/header-search';
export { SearchResults } from './components/search-results';
