/**
 * Printing one badge at the door (docs/checkin-app.md, "Print badge"): the server makes the PDF,
 * sized for the door's label printer (4x3 in, 4x6 in or A6; Device settings), counted and audited
 * there; the door opens it in a hidden frame and calls `print()` on it, so the browser's print
 * dialog (or a kiosk's silent printing) sends it to the printer.
 */
import { useState } from 'react';
import { DoorApiError, type Door } from './door.ts';

/** Opens the PDF in a frame of its own and prints it; the frame goes a minute later. */
export function printPdf(pdf: Blob): void {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.title = 'Badge to print';
  frame.className = 'door-print-frame';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } finally {
      setTimeout(() => {
        frame.remove();
        URL.revokeObjectURL(url);
      }, 60_000);
    }
  });
  frame.src = url;
  document.body.append(frame);
}

export function printErrorText(error: unknown): string {
  if (error instanceof DoorApiError && error.offline) return 'Printing needs the network: no connection to the server now.';
  return error instanceof Error ? `The badge could not be printed: ${error.message}` : 'The badge could not be printed.';
}

/** Fetches the badge and prints it; throws what went wrong (shown by the caller). */
export async function printBadge(door: Door, registrationId: number): Promise<void> {
  printPdf(await door.badgePdf(registrationId));
}

/** "Print badge" for one registration, with its busy and error states. */
export function PrintBadgeButton({ door, registrationId, className = 'door-button' }: { door: Door; registrationId: number; className?: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: boolean }>({ busy: false, error: null, done: false });
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true, error: null, done: false });
          printBadge(door, registrationId).then(
            () => setState({ busy: false, error: null, done: true }),
            (error: unknown) => setState({ busy: false, error: printErrorText(error), done: false }),
          );
        }}
      >
        {state.busy ? 'Preparing the badge…' : 'Print badge'}
      </button>
      {state.error && (
        <p className="door-error door-print-error" role="alert">
          {state.error}
        </p>
      )}
      {state.done && (
        <p className="door-help" role="status">
          Sent to the printer ({door.print.labelSize === 'a6' ? 'A6' : `${door.print.labelSize.replace('x', ' × ')} in`} label).
        </p>
      )}
    </>
  );
}
