/**
 * Stands in for axios in the web build (vite.config.ts `resolve.alias`). @kontent-ai/core-sdk imports
 * axios for its default HTTP layer, which the portal never uses: every Delivery client gets
 * `FetchHttpService` (content-http.ts). Bundled, axios was about a third of the content chunk, and
 * it was evaluated on every page that shows content. If anything ever reaches it, it says so.
 */
function unavailable(): never {
  throw new Error('axios is not part of the web build: give the Delivery client the portal FetchHttpService (lib/content-http.ts).');
}

class CancelToken {
  constructor() {
    unavailable();
  }
}

const axios = { create: unavailable, CancelToken, isCancel: () => false, isAxiosError: (value: unknown) => typeof value === 'object' && value !== null && 'isAxiosError' in value };

export default axios;
