/**
 * Registration questions (docs/questions.md): the event's questions in their order, a form to add
 * or change one (its key stays), and the exports built from the answers (all answers, the rooming
 * list, the catering summary). A lazy route of the console.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { QUESTION_TYPES, QUESTION_WHEN, type EventType, type Question, type QuestionType, type QuestionWhen } from '@portal/contracts';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ACTIONS, DataTable } from '../../../components/ui/table/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/ui/table/query-state.tsx';
import { downloadQuestionExport, QUESTION_EXPORTS, useAdminQuestions, useSaveQuestion, type QuestionExport } from '../api/questions.ts';
import { FormCard } from '../components/form-card.tsx';
import { checkQuestionForm, EMPTY_QUESTION_FORM, questionFormOf, type QuestionFormErrors, type QuestionFormValues } from '../utils/question-form.ts';
import { TextAreaField } from '../../../components/ui/form/text-area-field.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { EventSelect } from '../components/event-select.tsx';

const TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Text',
  longtext: 'Long text',
  choice: 'One choice',
  multichoice: 'Several choices',
  date: 'Date',
  boolean: 'Yes / no',
  number: 'Number',
};
const WHEN_LABELS: Record<QuestionWhen, string> = { both: 'Everyone', physical: 'In person only', virtual: 'Virtual only' };

export default function QuestionsPage() {
  const [event, setEvent] = useState<EventType>('nbc');
  const [editing, setEditing] = useState<{ question: Question | null } | null>(null);
  const [downloading, setDownloading] = useState<QuestionExport | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const questions = useAdminQuestions(event);

  const download = (kind: QuestionExport) => {
    setDownloading(kind);
    setDownloadError(null);
    downloadQuestionExport(kind, event)
      .catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : String(error)))
      .finally(() => setDownloading(null));
  };

  return (
    <>
      <PageTitle title="Questions">
        <EventSelect
          id="questions-event"
          value={event}
          onChange={(value) => {
            setEvent(value);
            setEditing(null);
          }}
        />
        {!editing && <Button onClick={() => setEditing({ question: null })}>New question</Button>}
      </PageTitle>
      <section className="mb-3" aria-label="Downloads">
        <div className="d-flex flex-wrap gap-2">
          {(Object.keys(QUESTION_EXPORTS) as QuestionExport[]).map((kind) => (
            <Button key={kind} variant="outline-secondary" size="sm" disabled={downloading !== null} aria-busy={downloading === kind || undefined} onClick={() => download(kind)}>
              {downloading === kind ? 'Preparing…' : `${QUESTION_EXPORTS[kind].label} (xlsx)`}
            </Button>
          ))}
        </div>
        {downloadError && (
          <Alert variant="warning" className="mt-2">
            The file did not download: {downloadError}
          </Alert>
        )}
      </section>
      {editing && <QuestionForm key={editing.question?.key ?? 'new'} event={event} question={editing.question} onDone={() => setEditing(null)} />}
      <QueryState query={questions} loadingLabel="Loading the questions…">
        {(page) =>
          page.total === 0 ? (
            <EmptyState>No questions for {event} yet: the registration page asks only for the name and the dates.</EmptyState>
          ) : (
            <DataTable label={`Questions of ${event}`} columns={[{ header: 'Order', className: 'text-end' }, 'Question', 'Type', 'Asked of', 'Flags', ACTIONS]} rows={page.rows} rowKey={(q) => q.key}>
              {(q) => (
                <>
                  <td className="text-end">{q.order}</td>
                  <td>
                    {q.label}
                    <div className="small text-body-secondary">
                      <code>{q.key}</code>
                      {q.options ? ` · ${q.options.map((o) => o.label).join(', ')}` : ''}
                    </div>
                  </td>
                  <td>{TYPE_LABELS[q.type]}</td>
                  <td>
                    {WHEN_LABELS[q.when]}
                    {q.audience ? <div className="small text-body-secondary">{q.audience.join(', ')}</div> : null}
                  </td>
                  <td>
                    <div className="d-flex flex-wrap gap-1">
                      {q.required && <Badge bg="primary">Required</Badge>}
                      {q.sensitive && (
                        <Badge bg="warning" text="dark">
                          Sensitive
                        </Badge>
                      )}
                    </div>
                  </td>
                  <td>
                    <Button size="sm" variant="outline-primary" onClick={() => setEditing({ question: q })} aria-label={`Edit ${q.label}`}>
                      Edit
                    </Button>
                  </td>
                </>
              )}
            </DataTable>
          )
        }
      </QueryState>
    </>
  );
}

function QuestionForm({ event, question, onDone }: { event: string; question: Question | null; onDone: () => void }) {
  const save = useSaveQuestion(event);
  const [values, setValues] = useState<QuestionFormValues>(() => (question ? questionFormOf(question) : EMPTY_QUESTION_FORM));
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  const set = <K extends keyof QuestionFormValues>(field: K) => (value: QuestionFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const choice = values.type === 'choice' || values.type === 'multichoice';
  const onSubmit = () => {
    const checked = checkQuestionForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate({ question: checked.request, editing: question !== null }, { onSuccess: onDone });
  };
  return (
    <FormCard title={question ? `Edit “${question.label}”` : `New ${event} question`} onSubmit={onSubmit} error={save.error} errorTitle="Not saved." submitLabel={question ? 'Save question' : 'Add question'} pending={save.isPending} onCancel={onDone}>
      <div className="row row-cols-1 row-cols-md-2">
        <div className="col">
          <TextField id="question-label" label="Question" value={values.label} onChange={set('label')} error={errors.label} />
        </div>
        <div className="col">
          <TextField id="question-key" label="Key" value={values.key} onChange={set('key')} readOnly={question !== null} error={errors.key} hint="Names the answer in exports and webhooks: lower-case letters, digits and _. It cannot change." />
        </div>
        <div className="col">
          <SelectField id="question-type" label="Type" value={values.type} onChange={set('type')} options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} error={errors.type} />
        </div>
        <div className="col">
          <SelectField id="question-when" label="Asked of" value={values.when} onChange={set('when')} options={QUESTION_WHEN.map((w) => ({ value: w, label: WHEN_LABELS[w] }))} error={errors.when} />
        </div>
        {choice && (
          <TextAreaField
            id="question-options"
            className="col-md-12 mb-3"
            label="Options"
            rows={4}
            value={values.options}
            onChange={set('options')}
            error={errors.options}
            hint={
              <>
                One a line: <code>value | Label</code>, or just the label.
              </>
            }
          />
        )}
        <div className="col">
          <TextField id="question-help" label="Help text" value={values.help} onChange={set('help')} error={errors.help} />
        </div>
        <div className="col">
          <TextField id="question-audience" label="Attendee types" value={values.audience} onChange={set('audience')} error={errors.audience} hint="Comma-separated (dealer, field, …); empty: everyone." />
        </div>
        <div className="col">
          <TextField id="question-order" label="Order" type="number" inputMode="numeric" value={values.order} onChange={set('order')} error={errors.order} />
        </div>
        <div className="col">
          <CheckField id="question-required" label="An answer is required" checked={values.required} onChange={set('required')} />
          <CheckField id="question-sensitive" label="Sensitive (health, accessibility): only organizers see it" checked={values.sensitive} onChange={set('sensitive')} />
        </div>
      </div>
    </FormCard>
  );
}
