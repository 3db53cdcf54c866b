/**
 * The enrollment screen's texts: `items/enrollment_reg_type_item` (registration type radios and
 * note) and `items/enrolment_item` (name entry texts and messages), both single items at depth 2.
 */
import { useContentItem } from '../../../lib/content-client.ts';
import { text, type Enrolment, type EnrollmentRegType } from '../../../lib/content-models.ts';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';
import type { NameMessages } from '../utils/enrollment-rules.ts';

export const REG_TYPE_ITEM = 'enrollment_reg_type_item';
export const ENROLMENT_ITEM = 'enrolment_item';

/** The name checks' messages when the content leaves one empty. */
export const BUILT_IN_MESSAGES: NameMessages = {
  firstRequired: 'First name is required.',
  firstTooLong: `First name cannot be longer than ${FIRST_NAME_MAX} characters.`,
  lastRequired: 'Last name is required.',
  lastTooLong: `Last name cannot be longer than ${LAST_NAME_MAX} characters.`,
};

export interface EnrollmentTexts {
  physicalLabel: string;
  virtualLabel: string;
  /** Rich text HTML, sanitized by the content service. */
  note: string;
  title: string;
  header: string;
  firstNameLabel: string;
  lastNameLabel: string;
  buttonText: string;
  messages: NameMessages;
}

export function enrollmentTexts(regType: EnrollmentRegType | undefined, enrolment: Enrolment | undefined): EnrollmentTexts {
  const r = regType?.elements;
  const e = enrolment?.elements;
  return {
    // Labels and messages fall back to plain words so the form stays usable while content lags
    // the code: an empty message would stop the submit with no visible reason (the spec's ''
    // leaves the user stuck).
    physicalLabel: text(r?.first_radio_btn_txt) || 'Physical',
    virtualLabel: text(r?.second_radio_btn_txt) || 'Virtual',
    note: r?.note.value ?? '',
    title: text(e?.title),
    header: text(e?.header),
    firstNameLabel: text(e?.first_textbox_label) || 'First Name',
    lastNameLabel: text(e?.second_textbox_label) || 'Last Name',
    buttonText: text(e?.button_text) || 'Continue',
    messages: {
      firstRequired: text(e?.first_textbox_required_error).trim() || BUILT_IN_MESSAGES.firstRequired,
      firstTooLong: text(e?.first_textbox_maxlength_error).trim() || BUILT_IN_MESSAGES.firstTooLong,
      lastRequired: text(e?.second_textbox_required_error).trim() || BUILT_IN_MESSAGES.lastRequired,
      lastTooLong: text(e?.second_textbox_maxlength_error).trim() || BUILT_IN_MESSAGES.lastTooLong,
    },
  };
}

/** The texts, or null while either item is still loading. A failed item leaves its fallbacks. */
export function useEnrollmentContent(): EnrollmentTexts | null {
  const regType = useContentItem<EnrollmentRegType>(REG_TYPE_ITEM);
  const enrolment = useContentItem<Enrolment>(ENROLMENT_ITEM);
  if (regType.isPending || enrolment.isPending) return null;
  return enrollmentTexts(regType.data, enrolment.data);
}
