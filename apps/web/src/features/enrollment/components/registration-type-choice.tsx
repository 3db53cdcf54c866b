import { useId } from 'react';
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
  return (
    <fieldset className="mb-4">
      <legend className="h5">Registration type</legend>
      <CheckField inline type="radio" name={`${id}-type`} id={`${id}-physical`} label={physicalLabel} checked={!isVirtual} onChange={() => onChange(false)} />
      <CheckField inline type="radio" name={`${id}-type`} id={`${id}-virtual`} label={virtualLabel} checked={isVirtual} onChange={() => onChange(true)} />
      <RichText html={note} className="enrollment-note small text-body-secondary mt-2" />
    </fieldset>
  );
}

/** Shown while the virtual flag is on. */
export function VirtualRegistrationView({ label }: { label: string }) {
  return (
    <section className="alert alert-info" aria-labelledby="virtual-registration-heading">
      <h2 id="virtual-registration-heading" className="h6 mb-1">
        {label} registration
      </h2>
      <p className="mb-0">
        The attendee takes part online: no travel or hotel dates are needed. Enter their name below to continue to the registration page.
      </p>
    </section>
  );
}
