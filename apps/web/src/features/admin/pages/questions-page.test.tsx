import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Question } from '@portal/contracts';
import { renderApp } from '../../../testing/render-app.tsx';
import { setUpConsolePageTests } from '../../../testing/console-page.ts';
import { fakeAdminApi } from '../testing/fake-admin-api.ts';

setUpConsolePageTests();

const room: Question = {
  key: 'room',
  label: 'Hotel room',
  help: null,
  type: 'choice',
  options: [
    { value: 'single', label: 'Single' },
    { value: 'sharing', label: 'Sharing' },
  ],
  required: true,
  audience: null,
  when: 'physical',
  sensitive: false,
  order: 10,
};
const access: Question = { ...room, key: 'accessibility', label: 'Accessibility needs', type: 'longtext', options: null, required: false, when: 'both', sensitive: true, order: 50 };

describe('questions', { timeout: 40_000 }, () => {
  it('lists the event’s questions with type, audience and flags', async () => {
    fakeAdminApi({ 'GET /api/Admin/Questions': () => ({ rows: [room, access], total: 2 }) });
    renderApp('/admin/questions');
    const table = await screen.findByRole('table', { name: 'Questions of nbc' });
    const row = within(table).getByRole('row', { name: /Hotel room/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10', 'Hotel roomroom · Single, Sharing', 'One choice', 'In person only', 'Required', 'Edit']);
    expect(within(within(table).getByRole('row', { name: /Accessibility/ })).getByText('Sensitive')).toBeVisible();
  });

  it('adds a choice question with its options and changes one by its key', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Questions': () => ({ rows: [room], total: 1 }),
      'POST /api/Admin/Questions': ({ body }) => ({ ...room, ...(body as object) }),
      'PUT /api/Admin/Questions': ({ body }) => ({ ...room, ...(body as object) }),
    });
    renderApp('/admin/questions');
    await userEvent.click(await screen.findByRole('button', { name: 'New question' }));
    await userEvent.type(screen.getByLabelText('Question'), 'Shirt size');
    await userEvent.type(screen.getByLabelText('Key'), 'shirt_size');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'choice');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getByText('options are required for a choice question')).toBeVisible();
    expect(api.callsTo('POST', '/api/Admin/Questions')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Options'), 's | Small{enter}Extra large');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/Admin/Questions')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/Admin/Questions')[0]?.body).toEqual({
      event: 'nbc',
      key: 'shirt_size',
      label: 'Shirt size',
      help: null,
      type: 'choice',
      options: [
        { value: 's', label: 'Small' },
        { value: 'extra_large', label: 'Extra large' },
      ],
      required: false,
      audience: null,
      when: 'both',
      sensitive: false,
      order: 0,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hotel room' }));
    expect(screen.getByLabelText('Key')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByLabelText(/Sensitive/));
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/Admin/Questions')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/Admin/Questions')[0]).toMatchObject({ query: { event: 'nbc' }, body: { key: 'room', sensitive: true, required: true, when: 'physical' } });
  });

  it('downloads the rooming list as xlsx with the organizer’s token', async () => {
    const api = fakeAdminApi({
      'GET /api/Admin/Questions': () => ({ rows: [room], total: 1 }),
      'GET /api/Admin/RoomingList': () => new Response(new Blob(['PK']), { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:rooming');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp('/admin/questions');
    await userEvent.click(await screen.findByRole('button', { name: 'Rooming list (xlsx)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = api.callsTo('GET', '/api/Admin/RoomingList')[0]!;
    expect(call.query).toEqual({ event: 'nbc', format: 'xlsx' });
    expect(call.headers.get('authorization')).toMatch(/^Bearer /);
  });
});
