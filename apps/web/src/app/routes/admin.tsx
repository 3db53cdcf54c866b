import { AdminRoutes } from '../../features/admin/admin-routes.tsx';

export default function AdminRoute() {
  return <AdminRoutes />;
}
