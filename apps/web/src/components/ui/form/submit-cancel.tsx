import { SubmitButton } from './submit-button.tsx';

/** The submit button and its Cancel; both wait while the form is sent. */
export function SubmitCancel({ label, pending, onCancel, variant = 'primary' }: { label: string; pending: boolean; onCancel: () => void; variant?: 'primary' | 'danger' }) {
  return (
    <div className="d-flex gap-2">
      <SubmitButton pending={pending} variant={variant}>
        {label}
      </SubmitButton>
      <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
    </div>
  );
}
