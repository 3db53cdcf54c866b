/** The confirmation of "Ask to erase my data" (a lazy chunk: loaded when the button is pressed). */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { notify } from '../../../lib/toast.ts';
import { requestMyErasure } from './my-data.ts';
import { useT } from '../../../i18n/use-t.ts';

export default function ErasureRequestDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = () => {
    setPending(true);
    setProblem(null);
    requestMyErasure(t)
      .then((message) => {
        void notify.success(message);
        onClose();
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : t('shell.erasure.failed')))
      .finally(() => setPending(false));
  };
  return (
    <Modal show onHide={pending ? () => undefined : onClose} centered aria-labelledby="erasure-request-title">
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="erasure-request-title" as="h2" className="h5">
          {t('shell.erasure.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('shell.erasure.body')}</p>
        <p className="mb-0">{t('shell.erasure.downloadFirst')}</p>
        {problem && (
          <p className="text-danger mt-3 mb-0" role="alert">
            {problem}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {t('shell.erasure.send')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
