export * from './entities';
export * from './config';
export * from './orm';
