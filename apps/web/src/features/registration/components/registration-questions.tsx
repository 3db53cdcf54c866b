/**
 * The event's questions on the registration page (docs/questions.md): one control per question
 * asked of this attendance, by type; the answers are kept by the form and sent with the submit.
 * The checks here are the server's own (required, 1,000 characters) with its messages, so the two
 * never disagree; the server also checks the options.
 */
import {
  ANSWER_TEXT_MAX,
  isBlankAnswer,
  questionAppliesTo,
  type AnswerValue,
  type FieldError,
  type RegistrationQuestion,
} from '@portal/contracts';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import { FieldMessages } from '../../../components/ui/form/field.tsx';
import { TextAreaField } from '../../../components/ui/form/text-area-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { RuleError } from '../utils/registration-rules.ts';

/** The answers as the form holds them: null is no answer. */
export type AnswerDraft = Record<string, AnswerValue | null>;

export const answerField = (key: string) => `answers.${key}`;

/** The questions asked of this attendance, in order. */
export function askedQuestions(questions: readonly RegistrationQuestion[], isVirtual: boolean): RegistrationQuestion[] {
  return questions.filter((q) => questionAppliesTo(q, isVirtual)).sort((a, b) => a.order - b.order);
}

/** The server's checks that need no options: a required answer missing, text over the limit. */
export function questionErrors(questions: readonly RegistrationQuestion[], answers: AnswerDraft, isVirtual: boolean): RuleError[] {
  return askedQuestions(questions, isVirtual).flatMap((q): RuleError[] => {
    const value = answers[q.key];
    if (isBlankAnswer(typeof value === 'string' ? value.trim() : value)) return q.required ? [{ field: answerField(q.key), id: 'registration.questions.missing', values: { label: q.label } }] : [];
    if ((q.type === 'text' || q.type === 'longtext') && typeof value === 'string' && value.trim().length > ANSWER_TEXT_MAX) {
      return [{ field: answerField(q.key), id: 'registration.questions.tooLong', values: { label: q.label, max: ANSWER_TEXT_MAX } }];
    }
    return [];
  });
}

/** What the submit sends: an answer (or null) for every question asked of this attendance. */
export function answersToSend(questions: readonly RegistrationQuestion[], answers: AnswerDraft, isVirtual: boolean): AnswerDraft {
  return Object.fromEntries(
    askedQuestions(questions, isVirtual).map((q) => {
      const value = answers[q.key] ?? null;
      return [q.key, typeof value === 'string' ? value.trim() || null : value];
    }),
  );
}

export interface RegistrationQuestionsProps {
  /** Prefix of the controls' ids. */
  id: string;
  questions: readonly RegistrationQuestion[];
  answers: AnswerDraft;
  isVirtual: boolean;
  onChange: (key: string, value: AnswerValue | null) => void;
  /** Fields in error (`answers.<key>`): marked invalid; the form lists the messages. */
  errors: readonly FieldError[];
  /** While a submit is on its way. */
  disabled?: boolean;
  /** Changes have closed: the answers are shown, not editable. */
  readOnly?: boolean;
}

export function RegistrationQuestions({ id, questions, answers, isVirtual, onChange, errors, disabled = false, readOnly = false }: RegistrationQuestionsProps) {
  const t = useT();
  const asked = askedQuestions(questions, isVirtual);
  if (!asked.length) return null;
  const invalid = (key: string) => errors.some((e) => e.field === answerField(key));
  return (
    <fieldset className="mb-3 registration-questions" disabled={disabled || readOnly}>
      <legend className="h5">{t('registration.questions.legend')}</legend>
      {asked.map((q) => (
        <Question key={q.key} id={`${id}-q-${q.key}`} question={q} value={answers[q.key] ?? null} invalid={invalid(q.key)} onChange={(value) => onChange(q.key, value)} />
      ))}
    </fieldset>
  );
}

function Question({ id, question: q, value, invalid, onChange }: { id: string; question: RegistrationQuestion; value: AnswerValue | null; invalid: boolean; onChange: (value: AnswerValue | null) => void }) {
  const t = useT();
  // The organizer's label and help as written; only the words around them are the catalog's.
  const label = q.required ? t('registration.questions.required', { label: q.label }) : q.label;
  const hint = [q.help, q.sensitive ? t('registration.questions.sensitive') : null].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  switch (q.type) {
    case 'text':
    case 'date':
      return <TextField id={id} label={label} hint={hint} type={q.type === 'date' ? 'date' : 'text'} value={text} onChange={(v) => onChange(v || null)} maxLength={q.type === 'text' ? ANSWER_TEXT_MAX : undefined} invalid={invalid} />;
    case 'number':
      return (
        <TextField
          id={id}
          label={label}
          hint={hint}
          type="number"
          inputMode="decimal"
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(v) => onChange(v === '' || !Number.isFinite(Number(v)) ? null : Number(v))}
          invalid={invalid}
        />
      );
    case 'longtext':
      return <TextAreaField id={id} label={label} hint={hint} rows={3} maxLength={ANSWER_TEXT_MAX} value={text} onChange={(v) => onChange(v || null)} invalid={invalid} />;
    case 'boolean':
      // A required yes/no is asked as two choices: an unticked box could not say "no".
      if (q.required) {
        return (
          <fieldset className="mb-3" aria-invalid={invalid || undefined} aria-describedby={hint ? `${id}-help` : undefined}>
            <legend className={invalid ? 'form-label fs-6 text-danger' : 'form-label fs-6'}>{label}</legend>
            <CheckField inline type="radio" name={id} id={`${id}-yes`} label={t('registration.questions.yes')} checked={value === true} onChange={() => onChange(true)} />
            <CheckField inline type="radio" name={id} id={`${id}-no`} label={t('registration.questions.no')} checked={value === false} onChange={() => onChange(false)} />
            <FieldMessages id={id} hint={hint} />
          </fieldset>
        );
      }
      return (
        <div className="mb-3">
          <CheckField id={id} label={label} checked={value === true} onChange={(checked) => onChange(checked)} />
          <FieldMessages id={id} hint={hint} />
        </div>
      );
    case 'choice':
    case 'multichoice': {
      const multi = q.type === 'multichoice';
      const picked = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
      return (
        <fieldset className="mb-3" aria-invalid={invalid || undefined} aria-describedby={hint ? `${id}-help` : undefined}>
          <legend className={invalid ? 'form-label fs-6 text-danger' : 'form-label fs-6'}>{label}</legend>
          {(q.options ?? []).map((o) => (
            <CheckField
              key={o.value}
              type={multi ? 'checkbox' : 'radio'}
              name={id}
              id={`${id}-${o.value}`}
              value={o.value}
              label={o.label}
              checked={picked.includes(o.value)}
              onChange={(checked) => {
                if (!multi) onChange(o.value);
                else {
                  const next = checked ? [...picked, o.value] : picked.filter((v) => v !== o.value);
                  onChange(next.length ? next : null);
                }
              }}
            />
          ))}
          <FieldMessages id={id} hint={hint} />
        </fieldset>
      );
    }
  }
}
