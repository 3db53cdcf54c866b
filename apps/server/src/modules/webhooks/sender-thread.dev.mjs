// Starts sender-thread.ts from the sources (tests, tsx): the thread registers tsx's loader first.
// The build starts dist/webhook-sender.js instead (threaded-sender.ts).
import { register } from 'tsx/esm/api';

register();
await import('./sender-thread.ts');
