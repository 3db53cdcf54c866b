/**
 * The entry: the stylesheet, then the app's code in steps. One module graph is evaluated in one
 * task, and React DOM with the router, TanStack Query and the app's modules was one 150-230 ms task
 * at 4x CPU before the first paint. Each `import()` below is evaluated in a task of its
 * own (Chromium runs a dynamically imported graph once it is fetched, from a new task), so React
 * DOM, the router with TanStack Query, then the app each run in a shorter task. The server lists
 * every file of these steps as module preloads (vite.config.ts, bootPreloads), so no step waits
 * for the network.
 */
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { warmFonts } from './lib/warm-fonts.ts';

void warmFonts();

void import('react-dom/client')
  .then(() => import('./app/libraries.ts'))
  .then(() => import('./app/start.tsx'));
