/**
 * The enrollment screen's texts: `items/enrollment_reg_type_item` (registration type radios and
 * note) and `items/enrolment_item` (name entry texts and messages), both single items at depth 2.
 */
import { useContentItem } from '../../../lib/content-client.ts';
import { text, type Enrolment, type EnrollmentRegType } from '../../../lib/content-models.ts';
import { FIRST_NAME_MAX, LAST_NAME_MAX } from '@portal/contracts/rules';
import type { NameMessages } from '../utils/enrollment-rules.ts';
import { useT, type MessageValues } from '../../../i18n/use-t.ts';
import type { MessageId } from '../../../i18n/messages/ids.ts';

export const REG_TYPE_ITEM = 'enrollment_reg_type_item';
export const ENROLMENT_ITEM = 'enrolment_item';

/** The page's catalog (useT()). */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The name checks' messages when the content leaves one empty, in the page's language. */
export function builtInMessages(t: Translate): NameMessages {
  return {
    firstRequired: t('enrollment.firstRequired'),
    firstTooLong: t('enrollment.firstTooLong', { max: FIRST_NAME_MAX }),
    lastRequired: t('enrollment.lastRequired'),
    lastTooLong: t('enrollment.lastTooLong', { max: LAST_NAME_MAX }),
  };
}

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

export function enrollmentTexts(regType: EnrollmentRegType | undefined, enrolment: Enrolment | undefined, t: Translate): EnrollmentTexts {
  const r = regType?.elements;
  const e = enrolment?.elements;
  const builtIn = builtInMessages(t);
  return {
    // Labels and messages fall back to plain words so the form stays usable while content lags
    // the code: an empty message would stop the submit with no visible reason (the spec's ''
    // leaves the user stuck).
    physicalLabel: text(r?.first_radio_btn_txt) || t('enrollment.physical'),
    virtualLabel: text(r?.second_radio_btn_txt) || t('enrollment.virtual'),
    note: r?.note.value ?? '',
    title: text(e?.title),
    header: text(e?.header),
    firstNameLabel: text(e?.first_textbox_label) || t('enrollment.firstName'),
    lastNameLabel: text(e?.second_textbox_label) || t('enrollment.lastName'),
    buttonText: text(e?.button_text) || t('enrollment.continue'),
    messages: {
      firstRequired: text(e?.first_textbox_required_error).trim() || builtIn.firstRequired,
      firstTooLong: text(e?.first_textbox_maxlength_error).trim() || builtIn.firstTooLong,
      lastRequired: text(e?.second_textbox_required_error).trim() || builtIn.lastRequired,
      lastTooLong: text(e?.second_textbox_maxlength_error).trim() || builtIn.lastTooLong,
    },
  };
}

/** The texts, or null while either item is still loading. A failed item leaves its fallbacks. */
export function useEnrollmentContent(): EnrollmentTexts | null {
  const t = useT();
  const regType = useContentItem<EnrollmentRegType>(REG_TYPE_ITEM);
  const enrolment = useContentItem<Enrolment>(ENROLMENT_ITEM);
  if (regType.isPending || enrolment.isPending) return null;
  return enrollmentTexts(regType.data, enrolment.data, t);
}
