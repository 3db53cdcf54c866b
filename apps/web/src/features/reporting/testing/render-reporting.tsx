import ReportingRoutes from '../reporting-routes.tsx';
import { renderRoute, type TestUser } from '../../../testing/render-route.tsx';

/** Renders the reporting routes at `path` (under /nbc/reporting) for a stored login (a corporate one unless told). */
export function renderReporting(path: string, user?: TestUser) {
  return renderRoute(path, '/nbc/reporting/*', <ReportingRoutes />, user);
}

/** Who sees the report menu: field, corporate and report users. */
const MENU_READERS = [['field'], ['corporate'], ['reporting']];

/** Opens the report menu as each of its readers in turn and runs `check` on what it shows. */
export async function checkMenuAsEachReader(check: () => Promise<void>): Promise<void> {
  for (const policies of MENU_READERS) {
    const view = renderReporting('/nbc/reporting', { policies });
    await check();
    view.unmount();
  }
}
