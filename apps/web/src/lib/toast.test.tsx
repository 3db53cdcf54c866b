import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { APP_TOAST_OPTIONS, notify } from './toast.ts';

describe('toasts', () => {
  it('are top-right for 3 seconds, in a container mounted on first use', async () => {
    expect(APP_TOAST_OPTIONS).toEqual({ position: 'top-right', autoClose: 3000 });
    render(
      <MemoryRouter>
        <AppProviders>
          <p>page</p>
        </AppProviders>
      </MemoryRouter>,
    );
    expect(document.querySelector('.Toastify')).toBeNull();
    await notify.success('Report Generated Successfully');
    const toast = await screen.findByText('Report Generated Successfully');
    expect(toast.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
    await waitFor(() => expect(document.querySelector('.Toastify__progress-bar')).not.toBeNull());
    expect((document.querySelector('.Toastify__progress-bar') as HTMLElement).style.animationDuration).toBe('3000ms');
  });
});
