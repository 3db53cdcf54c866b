import type { ReactNode } from 'react';
import { PageLoading } from '../../../app/lazy-page.tsx';

export interface LoginCardProps {
  heading: string;
  children: ReactNode;
  /** Above the card: logo and banner. */
  header?: ReactNode;
}

/** The centred card every sign-in screen uses. */
export function LoginCard({ heading, children, header }: LoginCardProps) {
  return (
    <main className="login-page">
      {header}
      <div className="container py-4">
        <div className="card login-card mx-auto shadow-sm">
          <div className="card-body p-4">
            <h1 className="h3 mb-4">{heading}</h1>
            {children}
          </div>
        </div>
      </div>
    </main>
  );
}

/** Content for the screen is loading, or failed to load. */
export function LoginContentState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (!failed) return <PageLoading />;
  return (
    <main className="container py-5" role="alert">
      <h1 className="h4">This page could not be loaded</h1>
      <p>The page text could not be fetched. Check your connection and try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </main>
  );
}
