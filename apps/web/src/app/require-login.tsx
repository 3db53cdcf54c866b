import { Navigate, Outlet } from 'react-router';
import { useUserDetail } from '../lib/user-storage.ts';
import { paths } from '../config/paths.ts';

/** Every page but the public ones needs a stored login with an access token (docs/design/web-rules.md, section 2). */
export function RequireLogin() {
  const user = useUserDetail();
  if (!user) return <Navigate to={paths.landing} replace />;
  return <Outlet />;
}
