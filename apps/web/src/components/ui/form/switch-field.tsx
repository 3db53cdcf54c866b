import { CheckControl, type CheckFieldProps } from './check-field.tsx';

export type SwitchFieldProps = Omit<CheckFieldProps, 'type' | 'name' | 'value'>;

/** An on/off setting drawn as a switch (a checkbox underneath), its label after it, hint and error below. */
export function SwitchField(props: SwitchFieldProps) {
  return <CheckControl {...props} switch />;
}
