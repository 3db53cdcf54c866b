import { ContentPage } from '../../features/content-pages/pages/content-page.tsx';
import { contentMessages } from '../../features/content-pages/messages.ts';
import { ShellLayout } from '../../features/shell/components/shell-layout.tsx';
import { MessagesArea } from '../../i18n/area.tsx';

/** The in-app abc event page (abc login without an external registration link). */
export default function AbcEventRoute() {
  return (
    <ShellLayout eventType="abc">
      <MessagesArea area={contentMessages}>
        <ContentPage eventType="abc" />
      </MessagesArea>
    </ShellLayout>
  );
}
