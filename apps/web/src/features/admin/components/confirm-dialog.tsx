import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: unknown;
  variant?: 'danger' | 'primary';
}

/** The confirmation step of every destructive action: nothing happens until it is confirmed. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { show, title, children, confirmLabel, onConfirm, onCancel, pending = false, error, variant = 'danger' } = props;
  return (
    <Modal show={show} onHide={pending ? () => undefined : onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {Boolean(error) && <ErrorAlert error={error} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={pending}>
          {pending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
