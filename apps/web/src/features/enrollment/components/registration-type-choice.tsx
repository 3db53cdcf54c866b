import { useId } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';

export interface RegistrationTypeChoiceProps {
  physicalLabel: string;
  virtualLabel: string;
  note: string;
  isVirtual: boolean;
  onChange: (isVirtual: boolean) => void;
}

/** Physical (default) or Virtual: Virtual sets the virtual flag, Physical clears it. */
export function RegistrationTypeChoice({ physicalLabel, virtualLabel, note, isVirtual, onChange }: RegistrationTypeChoiceProps) {
  const id = useId();
  const t = useT();
  return (
    <fieldset className="mb-4">
      <legend className="h5">{t('enrollment.regType')}</legend>
      <CheckField inline type="radio" name={`${id}-type`} id={`${id}-physical`} label={physicalLabel} checked={!isVirtual} onChange={() => onChange(false)} />
      <CheckField inline type="radio" name={`${id}-type`} id={`${id}-virtual`} label={virtualLabel} checked={isVirtual} onChange={() => onChange(true)} />
      <RichText html={note} className="enrollment-note small text-body-secondary mt-2" />
    </fieldset>
  );
}

/** Shown while the virtual flag is on. */
export function VirtualRegistrationView({ label }: { label: string }) {
  const t = useT();
  return (
    <section className="alert alert-info" aria-labelledby="virtual-registration-heading">
      <h2 id="virtual-registration-heading" className="h6 mb-1">
        {t('enrollment.virtual.heading', { label })}
      </h2>
      <p className="mb-0">
        {t('enrollment.virtual.body')}
      </p>
    </section>
  );
}
