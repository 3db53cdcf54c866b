import type { FormEvent, ReactNode, Ref } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SubmitCancel } from '../../../components/ui/form/submit-cancel.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';

export interface FormCardProps {
  title: ReactNode;
  /** A page's form (h2, the default) or one inside a section of the page (h3). */
  level?: 2 | 3;
  /** A form that takes something away (turning two-factor off): a red border and a red submit. */
  danger?: boolean;
  /** Focused when it is given (a step that follows another). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Shown between the heading and the form. */
  intro?: ReactNode;
  /** Called once the browser's own submit is stopped. */
  onSubmit: () => void;
  /** The failure shown above the buttons (null: none), and its first words. */
  error: unknown;
  errorTitle: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** A console form in a card: a heading, the fields, a failure if the server sent one, then submit and Cancel. */
export function FormCard({ title, level = 2, danger = false, titleRef, intro, onSubmit, error, errorTitle, submitLabel, pending, onCancel, children }: FormCardProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Card className={`${level === 2 ? 'mb-4' : 'mb-3'}${danger ? ' border-danger' : ''}`}>
      <Card.Body>
        <Card.Title as={level === 2 ? 'h2' : 'h3'} className={level === 2 ? 'h5' : 'h6'} {...(titleRef ? { ref: titleRef, tabIndex: -1 } : {})}>
          {title}
        </Card.Title>
        {intro}
        <Form noValidate onSubmit={submit}>
          {children}
          {error != null && <ErrorAlert error={error} title={errorTitle} />}
          <SubmitCancel label={submitLabel} pending={pending} onCancel={onCancel} variant={danger ? 'danger' : 'primary'} />
        </Form>
      </Card.Body>
    </Card>
  );
}
