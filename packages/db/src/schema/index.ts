export * from './domain.ts';
export * from './content.ts';
export * from './mail.ts';
export * from './report-counts.ts';
export * from './admin.ts';
export * from './report-digests.ts';
export * from './oidc.ts';
