import { lazy, Suspense } from 'react';
import { useToastContainerRequested } from '../../lib/toast.ts';

const AppToastContainer = lazy(() => import('./toast-container.tsx'));

/** Mounts the toast container once the first toast is requested. */
export function Toasts() {
  const requested = useToastContainerRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
