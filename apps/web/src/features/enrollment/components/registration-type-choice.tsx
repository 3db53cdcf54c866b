import { useId } from 'react';
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
      <div className="form-check form-check-inline">
        <input className="form-check-input" type="radio" name={`${id}-type`} id={`${id}-physical`} checked={!isVirtual} onChange={() => onChange(false)} />
        <label className="form-check-label" htmlFor={`${id}-physical`}>
          {physicalLabel}
        </label>
      </div>
      <div className="form-check form-check-inline">
        <input className="form-check-input" type="radio" name={`${id}-type`} id={`${id}-virtual`} checked={isVirtual} onChange={() => onChange(true)} />
        <label className="form-check-label" htmlFor={`${id}-virtual`}>
          {virtualLabel}
        </label>
      </div>
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
