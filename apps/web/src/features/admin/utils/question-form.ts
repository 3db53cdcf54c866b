/** The console's question form as strings, and the request it makes (checked by the shared contract). */
import { ADMIN_ATTENDEE_TYPES, questionRequestSchema, type Question, type QuestionRequest, type QuestionType, type QuestionWhen } from '@portal/contracts';

export interface QuestionFormValues {
  key: string;
  label: string;
  help: string;
  type: QuestionType;
  /** One option a line: `value | Label`, or just the label (its value is made from it). */
  options: string;
  required: boolean;
  /** Attendee types, comma-separated; empty: everyone. */
  audience: string;
  when: QuestionWhen;
  sensitive: boolean;
  order: string;
}

export const EMPTY_QUESTION_FORM: QuestionFormValues = { key: '', label: '', help: '', type: 'text', options: '', required: false, audience: '', when: 'both', sensitive: false, order: '0' };

const valueOf = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);

export function parseOptions(text: string): { value: string; label: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...rest] = line.split('|');
      return rest.length ? { value: value!.trim(), label: rest.join('|').trim() } : { value: valueOf(line), label: line };
    });
}

export function questionFormOf(q: Question): QuestionFormValues {
  return {
    key: q.key,
    label: q.label,
    help: q.help ?? '',
    type: q.type,
    options: (q.options ?? []).map((o) => `${o.value} | ${o.label}`).join('\n'),
    required: q.required,
    audience: (q.audience ?? []).join(', '),
    when: q.when,
    sensitive: q.sensitive,
    order: String(q.order),
  };
}

export type QuestionFormErrors = Partial<Record<keyof QuestionFormValues, string>>;

/** The request, or the errors by field (the contract's messages, with the field's name in front). */
export function checkQuestionForm(values: QuestionFormValues): { request: QuestionRequest } | { errors: QuestionFormErrors } {
  const choice = values.type === 'choice' || values.type === 'multichoice';
  const audience = values.audience
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const candidate = {
    key: values.key.trim(),
    label: values.label,
    help: values.help.trim() || null,
    type: values.type,
    options: choice ? parseOptions(values.options) : null,
    required: values.required,
    audience: audience.length ? audience : null,
    when: values.when,
    sensitive: values.sensitive,
    order: values.order.trim() === '' ? 0 : Number(values.order),
  };
  const parsed = questionRequestSchema.safeParse(candidate);
  if (parsed.success) return { request: candidate as QuestionRequest };
  const errors: QuestionFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'label') as keyof QuestionFormValues;
    errors[field] ??= field === 'audience' ? `Attendee types are among ${ADMIN_ATTENDEE_TYPES.join(', ')}.` : `${field} ${issue.message}`;
  }
  return { errors };
}
