// First, before any module loads MikroORM: its async contexts are scoped (see there).
import './orm-async-context';

export * from './entities';
export * from './config';
export * from './orm';
export * from './lean';
export * from './search/page-search-index';
export * from './search/fts-index';
export * from './search/fts-indexer';
export * from './search/gram-indexer';
export * from './search/sheet-text';
export * from './search/plain-text';
export * from './search/plain-text-of';
export * from './native-sql';
export * from './group-commit';
export * from './commit-clock';
export * from './object-slot';
