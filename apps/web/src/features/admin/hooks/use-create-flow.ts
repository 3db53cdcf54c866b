import { useState } from 'react';

/**
 * A "New …" form that gives way, once the server has created the thing, to what is shown of it only
 * once (a code, a pairing code): `start` opens the form, `cancel` closes it, `done` closes it and shows
 * the answer until `dismiss`.
 */
export function useCreateFlow<Created>() {
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  return {
    creating,
    created,
    start: () => setCreating(true),
    cancel: () => setCreating(false),
    done: (answer: Created) => {
      setCreating(false);
      setCreated(answer);
    },
    dismiss: () => setCreated(null),
  };
}
