import { useState } from 'react';
import type { AdminPerson } from '@portal/contracts';
import { useErasePerson } from '../api/privacy.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TextAreaField } from '../../../components/ui/form/text-area-field.tsx';

/** "Erase" with its confirmation: the reason is required and audited with the organizer. */
export function ErasePersonDialog({ person, onClose }: { person: AdminPerson; onClose: () => void }) {
  const erase = useErasePerson();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onConfirm = () => {
    if (reason.trim().length < 3) {
      setProblem('Say why (at least 3 characters), e.g. "asked by phone on 2 April".');
      return;
    }
    setProblem(null);
    erase.mutate({ id: person.id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <ConfirmDialog
      show
      title={`Erase ${person.firstName} ${person.lastName}?`}
      confirmLabel="Erase for good"
      onConfirm={onConfirm}
      onCancel={onClose}
      pending={erase.isPending}
      error={erase.error}
    >
      <p>
        Their name, e-mail and free text are removed from every table, mails and audit details included, and replaced by an anonymous marker. Their
        registrations stay as anonymous rows, so every report figure stays the same. They can no longer log in, and links sent to them stop working.{' '}
        <strong>This cannot be undone.</strong>
      </p>
      <TextAreaField id="erase-reason" label="Reason (kept in the audit log)" rows={2} maxLength={500} value={reason} onChange={setReason} error={problem} />
    </ConfirmDialog>
  );
}
