/** The confirmation of "Ask to erase my data" (a lazy chunk: loaded when the button is pressed). */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { notify } from '../../../lib/toast.ts';
import { requestMyErasure } from './my-data.ts';

export default function ErasureRequestDialog({ onClose }: { onClose: () => void }) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = () => {
    setPending(true);
    setProblem(null);
    requestMyErasure()
      .then((message) => {
        void notify.success(message);
        onClose();
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'The request could not be sent. Please try again.'))
      .finally(() => setPending(false));
  };
  return (
    <Modal show onHide={pending ? () => undefined : onClose} centered aria-labelledby="erasure-request-title">
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="erasure-request-title" as="h2" className="h5">
          Ask to erase your data?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          The event team will erase your name, e-mail and everything else the portal holds about you. Afterwards you can no longer log in, and links sent to you
          stop working. Your registration is then kept only as an anonymous count.
        </p>
        <p className="mb-0">You may want to download your data first.</p>
        {problem && (
          <p className="text-danger mt-3 mb-0" role="alert">
            {problem}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          Send the request
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
