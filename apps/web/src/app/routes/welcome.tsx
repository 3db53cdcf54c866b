import { ContentPage } from '../../features/content-pages/components/content-page.tsx';

export default function WelcomeRoute() {
  return <ContentPage eventType="nbc" />;
}
