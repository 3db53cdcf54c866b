import { EventLoginPage } from '../../features/auth/pages/event-login-page.tsx';

export default function NbcLoginRoute() {
  return <EventLoginPage eventType="nbc" />;
}
