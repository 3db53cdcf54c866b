import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../i18n/language-switch.tsx';

export interface LoginCardProps {
  heading: string;
  children: ReactNode;
  /** Above the card: logo and banner. */
  header?: ReactNode;
}

/** The centred card every sign-in screen uses, the language switch above it. */
export function LoginCard({ heading, children, header }: LoginCardProps) {
  return (
    <main className="login-page">
      {header}
      <div className="container py-4">
        <LanguageSwitch className="login-language d-flex justify-content-end gap-1 mx-auto mb-2" />
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
