export * from './domain.ts';
export * from './content.ts';
export * from './mail.ts';
