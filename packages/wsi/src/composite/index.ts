export * from './composite.ts';
export * from './encode.ts';
