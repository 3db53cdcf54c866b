import { ContentPage } from '../../features/content-pages/components/content-page.tsx';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';

/** The in-app abc event page (abc login without an external registration link). */
export default function AbcEventRoute() {
  return (
    <ShellLayout eventType="abc">
      <ContentPage eventType="abc" />
    </ShellLayout>
  );
}
