import { EventLoginPage } from '../../features/auth/components/event-login-page.tsx';

export default function NbcLoginRoute() {
  return <EventLoginPage eventType="nbc" />;
}
