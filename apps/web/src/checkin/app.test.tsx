import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from './api.ts';
import { CheckinApp } from './app.tsx';
import { Door } from './door.ts';
import { DOOR_LANGUAGE_KEY } from './language.ts';
import { setLanguage } from '../i18n/language.ts';
import { startDoorServer, type DoorServer } from './test/door-server.ts';

let server: DoorServer;

beforeEach(async () => {
  server = await startDoorServer([
    { registrationId: 21, firstName: 'Ana', lastName: 'Álvarez', attendeeType: 'dealer', storeDlrnum: '10001', storeName: 'Morgan Motors', status: 'Enrolled' },
    { registrationId: 22, firstName: 'Cleo', lastName: 'Dunn', attendeeType: 'dealer', storeDlrnum: '10002', storeName: 'Dunn Cars', status: 'Cancelled' },
  ]);
  setApiBase(server.url);
});

afterEach(async () => {
  cleanup();
  setLanguage('en');
  await server.stop();
  await (await Door.load())?.wipe('unpaired');
});

async function pairThroughTheScreen(people = 2) {
  const user = userEvent.setup();
  render(<CheckinApp />);
  await user.type(await screen.findByLabelText('Pairing code'), 'door-test-1');
  await user.click(screen.getByRole('button', { name: 'Pair this device' }));
  await screen.findByText(new RegExp(`${people} on the list`));
  return user;
}

// Each case pairs, syncs a roster over a real socket and checks Ed25519 signatures: a little more
// than the web project's time-out beside the other suites.
describe('door app screens', { timeout: 20_000 }, () => {
  it('says what is wrong with a pairing code', async () => {
    const user = userEvent.setup();
    render(<CheckinApp />);
    await user.click(await screen.findByRole('button', { name: 'Pair this device' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the pairing code');
    await user.type(screen.getByLabelText('Pairing code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Pair this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unknown or expired');
  });

  it('shows a handheld scanner code full screen in green with name, store and type, and undoes it', async () => {
    const user = await pairThroughTheScreen();
    const field = screen.getByLabelText('Badge code');
    expect(field).toHaveFocus();
    await user.type(field, `${server.badge(21)}{Enter}`);
    const result = await screen.findByRole('alertdialog');
    expect(result).toHaveAttribute('data-result', 'checked_in');
    expect(result).toHaveClass('door-result-green');
    expect(result).toHaveTextContent('Ana Álvarez');
    expect(result).toHaveTextContent('Morgan Motors (10001)');
    expect(result).toHaveTextContent('Dealer');
    await user.click(within(result).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alertdialog')).toHaveAttribute('data-result', 'undone');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByLabelText('Badge code')).toHaveFocus());
    await waitFor(() => expect(server.log.size).toBe(2));
    expect(server.rows.get(21)?.checkedInAt).toBeNull();
  });

  it('shows amber with the first time and door, red for a cancelled registration found by search', async () => {
    const user = await pairThroughTheScreen();
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(21)}{Enter}`);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(21)}{Enter}`);
    const amber = await screen.findByRole('alertdialog');
    expect(amber).toHaveAttribute('data-result', 'already');
    expect(amber).toHaveTextContent(/already checked in at \d\d:\d\d, Door 1/);
    await user.click(within(amber).getByRole('button', { name: 'Next' }));
    // Closing the result puts the focus back in the badge field, a frame later: the reader turns to
    // the search after that (typed before, the letters went to the badge field once in CI).
    await waitFor(() => expect(screen.getByLabelText('Badge code')).toHaveFocus());
    await user.type(screen.getByLabelText('Name, store or e-mail'), 'dunn');
    await user.click(await screen.findByRole('button', { name: 'Check in Cleo Dunn' }));
    const red = await screen.findByRole('alertdialog');
    expect(red).toHaveClass('door-result-red');
    expect(red).toHaveTextContent('Cancelled');
  });

  it('shows the offline banner with the scans waiting, and all synced once the server is back', async () => {
    const user = await pairThroughTheScreen();
    await server.stop();
    window.dispatchEvent(new Event('offline'));
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(21)}{Enter}`);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('sync-banner')).toHaveTextContent('Offline: scanning goes on from this device\'s list. 1 scan waiting to sync.');
    await server.start();
    setApiBase(server.url);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('sync-banner')).toHaveTextContent('All scans synced.'));
    expect(server.log.size).toBe(1);
  });

  it('registers a walk-in at the desk of a device with the right, and the door list has them checked in', async () => {
    await server.stop();
    server = await startDoorServer([], { walkIn: true });
    setApiBase(server.url);
    const user = await pairThroughTheScreen(0);
    await user.click(screen.getByRole('button', { name: 'Desk' }));
    await user.type(await screen.findByLabelText('First name'), 'Walk');
    await user.type(screen.getByLabelText('Last name'), 'Inperson');
    await user.type(screen.getByLabelText('E-mail'), 'walk.in@example.com');
    await user.click(screen.getByRole('button', { name: 'Register walk-in' }));
    const done = await screen.findByRole('status', { name: 'Registered at the door' });
    expect(done).toHaveTextContent('Registered: Walk Inperson, registration 1000.');
    expect(done).toHaveTextContent(/EP1\./);
    await screen.findByText(/1 on the list/);
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(1000)}{Enter}`);
    expect(await screen.findByRole('alertdialog')).toHaveAttribute('data-result', 'already');
  });

  it('says the list is loading while the first sync runs, then shows its age', async () => {
    server.delayMs = 400;
    const user = userEvent.setup();
    render(<CheckinApp />);
    await user.type(await screen.findByLabelText('Pairing code'), 'door-test-1');
    await user.click(screen.getByRole('button', { name: 'Pair this device' }));
    expect(await screen.findByTestId('list-age')).toHaveTextContent("Loading this door's list (0 so far): every badge is checked with the server meanwhile.");
    await waitFor(() => expect(screen.getByTestId('list-age')).toHaveTextContent(/^List updated \d+ s ago\.$/));
  });

  it('shows a badge issued after the last sync green with the server’s answer', async () => {
    const user = await pairThroughTheScreen();
    server.add({ registrationId: 23, firstName: 'Hal', lastName: 'Ince', attendeeType: 'field', storeDlrnum: null, storeName: null, status: 'Enrolled' });
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(23)}{Enter}`);
    const green = await screen.findByRole('alertdialog');
    expect(green).toHaveAttribute('data-result', 'checked_in');
    expect(green).toHaveTextContent('Hal Ince');
    expect(green).toHaveTextContent('Field');
    await screen.findByText(/3 on the list/);
  });

  it('offline, asks whether to admit a valid badge not on the list, and syncs the choice once back', async () => {
    const user = await pairThroughTheScreen();
    server.add({ registrationId: 23, firstName: 'Hal', lastName: 'Ince', attendeeType: 'field', storeDlrnum: null, storeName: null, status: 'Enrolled' });
    await server.stop();
    window.dispatchEvent(new Event('offline'));
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(23)}{Enter}`);
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveAttribute('data-result', 'unlisted');
    expect(question).toHaveClass('door-result-amber');
    expect(question).toHaveTextContent('Valid badge, not on this door’s list yet: admit?');
    expect(within(question).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(question).getByRole('button', { name: 'Admit' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Admit' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByTestId('sync-banner')).toHaveTextContent('1 scan waiting to sync');
    expect(within(screen.getByRole('list', { name: 'Recent scans' })).getByText('Registration 23')).toBeInTheDocument();
    await server.start();
    setApiBase(server.url);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('sync-banner')).toHaveTextContent('All scans synced.'));
    expect(server.rows.get(23)?.checkedInAt).not.toBeNull();
    expect(await within(screen.getByRole('list', { name: 'Recent scans' })).findByText('Hal Ince')).toBeInTheDocument();
  });

  it('prints the badge after a scan and on scan, at the door’s label size, and says when printing needs the network', async () => {
    // jsdom has no object URLs: the frame gets a stand-in address (a browser makes a blob: one).
    const made: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => (made.push(blob), `blob:badge-${made.length}`);
    URL.revokeObjectURL = () => undefined;
    const user = await pairThroughTheScreen();
    const printed = () => server.calls.filter((call) => call.path === 'badge').map((call) => call.ids?.[0]);
    await user.click(screen.getByRole('button', { name: 'Device' }));
    await user.selectOptions(screen.getByLabelText('Label size'), '4 × 6 in label');
    await user.click(screen.getByRole('checkbox', { name: /Print on scan/ }));
    await user.click(screen.getByRole('button', { name: 'Scan' }));
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(21)}{Enter}`);
    expect(await screen.findByRole('alertdialog')).toHaveAttribute('data-result', 'checked_in');
    await waitFor(() => expect(printed()).toEqual(['21:4x6']));
    await waitFor(() => expect(document.querySelector('iframe.door-print-frame')?.getAttribute('src')).toBe('blob:badge-1'));
    expect(made[0]?.type).toBe('application/pdf');
    await user.keyboard('{Escape}');
    // Printed by hand from the amber screen (the same badge again), and the choices survive a reload.
    await waitFor(() => expect(screen.getByLabelText('Badge code')).toHaveFocus());
    await user.type(screen.getByLabelText('Badge code'), `${server.badge(21)}{Enter}`);
    const amber = await screen.findByRole('alertdialog');
    expect(amber).toHaveAttribute('data-result', 'already');
    await user.click(within(amber).getByRole('button', { name: 'Print badge' }));
    expect(await within(amber).findByRole('status')).toHaveTextContent('Sent to the printer (4 × 6 in label).');
    expect(printed()).toEqual(['21:4x6', '21:4x6']);
    expect((await Door.load())?.print).toEqual({ labelSize: '4x6', printOnScan: true });
    await server.stop();
    await user.click(within(amber).getByRole('button', { name: 'Print badge' }));
    expect(await within(amber).findByRole('alert')).toHaveTextContent('Printing needs the network');
  });
});

describe('door app screens in French', { timeout: 20_000 }, () => {
  it('pairs, shows a green and an amber result, the banner and the search in French, kept under the door’s own key', async () => {
    const user = userEvent.setup();
    render(<CheckinApp />);
    // Chosen on the pairing screen: stored for the door only, <html lang> follows.
    await user.click(await screen.findByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { name: 'Accueil aux portes' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(window.localStorage.getItem(DOOR_LANGUAGE_KEY)).toBe('fr-CA');
    expect(window.localStorage.getItem('portal.language')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Jumeler l’appareil' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Entrez le code de jumelage affiché dans la console.');
    await user.type(screen.getByLabelText('Code de jumelage'), 'door-test-1');
    await user.click(screen.getByRole('button', { name: 'Jumeler l’appareil' }));
    await screen.findByText(/Door 1 · 2 personnes sur la liste/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Congrès national des affaires');
    await waitFor(() => expect(screen.getByTestId('sync-banner')).toHaveTextContent('En ligne. Tous les passages sont synchronisés.'));
    expect(screen.getByTestId('list-age')).toHaveTextContent(/^Liste mise à jour il y a \d+ s\.$/);

    await user.type(screen.getByLabelText('Code du porte-nom'), `${server.badge(21)}{Enter}`);
    const green = await screen.findByRole('alertdialog');
    expect(green).toHaveAttribute('data-result', 'checked_in');
    expect(green).toHaveTextContent('Bienvenue');
    expect(green).toHaveTextContent('Concessionnaire');
    await user.click(within(green).getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(screen.getByLabelText('Code du porte-nom')).toHaveFocus());
    await user.type(screen.getByLabelText('Code du porte-nom'), `${server.badge(21)}{Enter}`);
    const amber = await screen.findByRole('alertdialog');
    expect(amber).toHaveAttribute('data-result', 'already');
    expect(amber).toHaveTextContent(/déjà accueilli à \d\d h \d\d, Door 1/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByLabelText('Code du porte-nom')).toHaveFocus());

    await user.type(screen.getByLabelText('Nom, magasin ou courriel'), 'dunn');
    expect(await screen.findByRole('button', { name: 'Accueillir Cleo Dunn' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Résultats de la recherche' })).toHaveTextContent('Annulé');
    expect(within(screen.getByRole('list', { name: 'Derniers passages' })).getAllByText('accueilli').length).toBeGreaterThan(0);

    // Offline: the banner counts the scans waiting with French plurals.
    await waitFor(() => expect(screen.getByTestId('sync-banner')).toHaveTextContent('Tous les passages sont synchronisés.'));
    await server.stop();
    window.dispatchEvent(new Event('offline'));
    await user.clear(screen.getByLabelText('Nom, magasin ou courriel'));
    await user.type(screen.getByLabelText('Nom, magasin ou courriel'), 'dunn');
    await user.click(await screen.findByRole('button', { name: 'Accueillir Cleo Dunn' }));
    const red = await screen.findByRole('alertdialog');
    expect(red).toHaveTextContent('Cette inscription est annulée.');
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('sync-banner')).toHaveTextContent('Hors ligne : la lecture se poursuit à partir de la liste de cet appareil. 1 passage en attente de synchronisation.');

    // The menu has the switch too: back to English at once.
    await user.click(within(screen.getByRole('navigation', { name: 'Porte' })).getByRole('button', { name: 'English' }));
    expect(await screen.findByLabelText('Badge code')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('National Business Conference');
  });
});
