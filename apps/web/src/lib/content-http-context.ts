import { createContext } from 'react';
import type { IHttpService } from '@kontent-ai/core-sdk';

/**
 * Tests inject a fake Delivery HTTP layer here (AppProviders `contentHttpService`). Kept apart from
 * content-client.ts so the providers do not pull the SDK into the first chunk.
 */
export const ContentHttpServiceContext = createContext<IHttpService<unknown> | undefined>(undefined);
