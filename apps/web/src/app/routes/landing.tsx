import { LandingPage } from '../../features/auth/components/landing-page.tsx';

export default function LandingRoute() {
  return <LandingPage />;
}
