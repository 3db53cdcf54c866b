import { useId } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { CheckField } from '../../../components/ui/form/check-field.tsx';
import type { Title } from '../utils/enrollment-rules.ts';

export interface TitleChoiceProps {
  showExecutiveManager: boolean;
  showGeneralManager: boolean;
  title: Title | null;
  onTitle: (title: Title) => void;
}

const LABELS = { EM: 'enrollment.title.EM', GM: 'enrollment.title.GM', OTH: 'enrollment.title.OTH' } as const satisfies Record<Title, string>;

/** 'Select your title': Executive Manager, General Manager (when the rules allow) and Other. */
export function TitleChoice({ showExecutiveManager, showGeneralManager, title, onTitle }: TitleChoiceProps) {
  const id = useId();
  const t = useT();
  const options: Title[] = [...(showExecutiveManager ? (['EM'] as const) : []), ...(showGeneralManager ? (['GM'] as const) : []), 'OTH'];
  return (
    <fieldset className="mb-3">
      <legend className="h5">{t('enrollment.titleChoice')}</legend>
      {options.map((option) => (
        <CheckField key={option} type="radio" name={`${id}-title`} id={`${id}-${option}`} value={option} label={t(LABELS[option])} checked={title === option} onChange={() => onTitle(option)} />
      ))}
    </fieldset>
  );
}

/** 'Are you {manager name}?': Yes continues as that manager, No switches to Other. */
export function ManagerConfirm({ name, onYes, onNo }: { name: string; onYes: () => void; onNo: () => void }) {
  const t = useT();
  return (
    <div className="mb-3" role="group" aria-labelledby="manager-confirm-question">
      <p id="manager-confirm-question" className="fw-semibold mb-2">
        {t('enrollment.managerConfirm', { name })}
      </p>
      <button type="button" className="btn btn-primary me-2" onClick={onYes}>
        {t('enrollment.yes')}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={onNo}>
        {t('enrollment.no')}
      </button>
    </div>
  );
}
