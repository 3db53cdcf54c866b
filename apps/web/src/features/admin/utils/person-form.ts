/** The roster-entry form: fields, the contract's checks, and the update (only what changed). */
import { SCOPE_LEVEL_LABELS } from './labels.ts';
import { updatePersonRequestSchema, type AccessCodeCategory, type AdminPerson, type ScopeLevel, type UpdatePersonRequest } from '@portal/contracts';
import { fieldErrorsOf } from './zod-errors.ts';

export interface PersonFormValues {
  firstName: string;
  lastName: string;
  email: string;
  category: string;
  storeDlrnum: string;
  zoneCode: string;
  company: string;
  scopeLevel: '' | ScopeLevel;
  scopeCode: string;
}

export function personFormValues(p: AdminPerson): PersonFormValues {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email ?? '',
    category: p.category,
    storeDlrnum: p.storeDlrnum ?? '',
    zoneCode: p.zoneCode ?? '',
    company: p.company ?? '',
    scopeLevel: p.scope?.level ?? '',
    scopeCode: p.scope?.code ?? '',
  };
}

const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  category: 'Category',
  storeDlrnum: 'Store number',
  zoneCode: 'Zone',
  company: 'Company',
  scope: 'Scope code',
};

export type PersonFormErrors = Partial<Record<keyof PersonFormValues, string>>;

export function checkPersonForm(person: AdminPerson, values: PersonFormValues): { update: UpdatePersonRequest } | { errors: PersonFormErrors } {
  const before = personFormValues(person);
  const update: UpdatePersonRequest = {};
  const text = (key: 'firstName' | 'lastName' | 'email') => {
    if (values[key].trim() !== before[key]) update[key] = values[key].trim();
  };
  text('firstName');
  text('lastName');
  text('email');
  if (values.category !== before.category) update.category = values.category as AccessCodeCategory;
  const optional = (key: 'storeDlrnum' | 'zoneCode' | 'company') => {
    if (values[key].trim() !== before[key]) update[key] = values[key].trim() || null;
  };
  optional('storeDlrnum');
  optional('zoneCode');
  optional('company');

  const errors: PersonFormErrors = {};
  if (values.scopeLevel !== before.scopeLevel || values.scopeCode.trim() !== before.scopeCode) {
    if (values.scopeLevel === '') update.scope = null;
    else if (values.scopeLevel === 'network') update.scope = { level: 'network', code: null };
    else if (!/^[A-Za-z0-9_-]{1,32}$/.test(values.scopeCode.trim())) errors.scopeCode = `Enter the ${values.scopeLevel} code.`;
    else update.scope = { level: values.scopeLevel, code: values.scopeCode.trim() };
  }
  const parsed = updatePersonRequestSchema.safeParse(update);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error.issues))) {
      const key = (field === 'scope' ? 'scopeCode' : field) as keyof PersonFormValues;
      errors[key] ??= `${LABELS[field] ?? field} ${message}.`;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { update };
}

export function scopeText(scope: AdminPerson['scope']): string {
  if (!scope) return '—';
  return scope.level === 'network' ? SCOPE_LEVEL_LABELS.network : `${SCOPE_LEVEL_LABELS[scope.level]} ${scope.code ?? ''}`.trim();
}
