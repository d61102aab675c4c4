export * from './entities';
export * from './config';
export * from './orm';
export * from './lean';
export * from './search/page-search-index';
export * from './search/sheet-text';
export * from './search/plain-text';
export * from './native-sql';
