/**
 * Printing one badge at the door (docs/checkin-app.md, "Print badge"): the server makes the PDF,
 * sized for the door's label printer (4x3 in, 4x6 in or A6; Device settings), counted and audited
 * there; the door opens it in a hidden frame and calls `print()` on it, so the browser's print
 * dialog (or a kiosk's silent printing) sends it to the printer.
 */
import { useCallback, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { DoorApiError, type Door } from './door.ts';
import { useErrorText } from './screens/common.ts';

/** Opens the PDF in a frame of its own and prints it; the frame goes a minute later. */
export function printPdf(pdf: Blob, title: string): void {
  const url = URL.createObjectURL(pdf);
  const frame = document.createElement('iframe');
  frame.title = title;
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

/** Why a badge did not print, in the device's language. */
export function usePrintErrorText(): (failure: unknown) => string {
  const t = useT();
  const errorText = useErrorText();
  return useCallback(
    (failure: unknown) => (failure instanceof DoorApiError && failure.offline ? t('door.print.offline') : t('door.print.failed', { reason: errorText(failure, 'door.print.offline') })),
    [t, errorText],
  );
}

/** Fetches the badge and prints it; throws what went wrong (shown by the caller). */
export async function printBadge(door: Door, registrationId: number, frameTitle: string): Promise<void> {
  printPdf(await door.badgePdf(registrationId), frameTitle);
}

/** "Print badge" for one registration, with its busy and error states. */
export function PrintBadgeButton({ door, registrationId, className = 'door-button' }: { door: Door; registrationId: number; className?: string }) {
  const t = useT();
  const printErrorText = usePrintErrorText();
  const [state, setState] = useState<{ busy: boolean; failure: { error: unknown } | null; done: boolean }>({ busy: false, failure: null, done: false });
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true, failure: null, done: false });
          printBadge(door, registrationId, t('door.print.frame')).then(
            () => setState({ busy: false, failure: null, done: true }),
            (error: unknown) => setState({ busy: false, failure: { error }, done: false }),
          );
        }}
      >
        {state.busy ? t('door.print.busy') : t('door.print.button')}
      </button>
      {state.failure && (
        <p className="door-error door-print-error" role="alert">
          {printErrorText(state.failure.error)}
        </p>
      )}
      {state.done && (
        <p className="door-help" role="status">
          {t('door.print.sent', { size: door.print.labelSize })}
        </p>
      )}
    </>
  );
}
