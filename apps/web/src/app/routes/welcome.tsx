import { ContentPage } from '../../features/content-pages/pages/content-page.tsx';
import { contentMessages } from '../../features/content-pages/messages.ts';
import { MessagesArea } from '../../i18n/area.tsx';

export default function WelcomeRoute() {
  return (
    <MessagesArea area={contentMessages}>
      <ContentPage eventType="nbc" />
    </MessagesArea>
  );
}
