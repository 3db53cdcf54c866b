export * from './envelope.ts';
export * from './auth.ts';
export * from './config.ts';
export * from './reports.ts';
export * from './enrollment.ts';
export * from './rules.ts';
export * from './admin.ts';
export * from './report-insights.ts';
