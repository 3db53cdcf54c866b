import { useState } from 'react';

/** The part of a TanStack mutation the confirmation step needs. */
interface ConfirmableMutation<Variables, Answer> {
  mutate(variables: Variables, options: { onSuccess: (answer: Answer) => void }): void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The row an action waits to be confirmed for, and the ConfirmDialog props that go with it: `ask(row)`
 * opens the dialog, Cancel closes it and clears the mutation's error, Confirm runs the mutation with
 * `variablesOf(row)` and closes the dialog once it succeeded (an error stays shown in the dialog), then
 * hands the server's answer to `onConfirmed`.
 */
export function useConfirmTarget<Target, Variables, Answer>(
  mutation: ConfirmableMutation<Variables, Answer>,
  variablesOf: (target: Target) => Variables,
  onConfirmed?: (answer: Answer) => void,
) {
  const [target, setTarget] = useState<Target | null>(null);
  const close = () => {
    mutation.reset();
    setTarget(null);
  };
  return {
    target,
    ask: setTarget,
    dialog: {
      show: target !== null,
      pending: mutation.isPending,
      error: mutation.error,
      onCancel: close,
      onConfirm: () => {
        if (target === null) return;
        mutation.mutate(variablesOf(target), {
          onSuccess: (answer) => {
            setTarget(null);
            onConfirmed?.(answer);
          },
        });
      },
    },
  };
}
