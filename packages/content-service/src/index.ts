export { default, default as contentService, type ContentServiceOptions } from './plugin.ts';
export {
  importContentBundle,
  type ImportOptions,
  type ImportReport,
  type EnvironmentImportReport,
  type ImportCounts,
} from './bundle/import-bundle.ts';
export { forbiddenToken, unauthorizedToken } from './delivery-error.ts';
export { DEFAULT_RENDITION_POLICY, type RenditionCacheOptions, type RenditionPolicy } from './image-transform.ts';
export { BundleValidationError, formatIssue, type BundleIssue } from './bundle/read-bundle.ts';
export { DEFAULT_PREVIEW_URL, DEFAULT_UPSTREAM_URL, upstreamBaseUrl, upstreamModeOf, type UpstreamEnvironment, type UpstreamSource } from './upstream.ts';
export { ACCESS_CODES_ELEMENT, type DeliveryItem } from './delivery-types.ts';
