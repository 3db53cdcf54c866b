/** The Excel export worker: the protocol lives in export-worker-handler.ts. */
import type { ExportRequestMessage, ExportWorkerMessage } from './export-protocol.ts';
import { createExportWorkerHandler } from './export-worker-handler.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = createExportWorkerHandler((message: ExportWorkerMessage) => scope.postMessage(message));
scope.onmessage = (event: MessageEvent<ExportRequestMessage>) => handle(event.data);
