export * from './domain.ts';
export * from './content.ts';
