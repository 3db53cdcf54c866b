/**
 * The door app's own entry (checkin.html, served for /checkin): nothing of it loads on the
 * attendee pages, and nothing of theirs here (docs/checkin-app.md). Registers the service worker
 * that keeps the app shell for offline use; scope /checkin only.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CheckinApp } from './app.tsx';
import './checkin.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <CheckinApp />
    </StrictMode>,
  );

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/checkin-sw.js', { scope: '/checkin' }).catch(() => undefined);
  });
}
