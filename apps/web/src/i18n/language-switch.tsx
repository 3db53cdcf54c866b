/**
 * "English | Français": the language switch of the login pages and the signed-in header. Each
 * choice is named in its own language (and marked so for screen readers); a signed-in person's
 * choice is also kept on the server for their mails, badges and exports.
 */
import { Fragment } from 'react';
import { LANGUAGE_LABELS, WEB_LANGUAGES, setLanguage, useLanguage, type Language } from './language.ts';
import { useT } from './use-t.ts';

export interface LanguageSwitchProps {
  className?: string;
  /** Called after the page's language changed (the signed-in header stores it on the person). */
  onChange?: (language: Language) => void;
}

export function LanguageSwitch({ className = '', onChange }: LanguageSwitchProps) {
  const language = useLanguage();
  const t = useT();
  return (
    <div role="group" aria-label={t('language.switch')} className={`language-switch small ${className}`}>
      {WEB_LANGUAGES.map((code, index) => (
        <Fragment key={code}>
          {index > 0 && (
            <span className="language-switch-separator text-body-secondary" aria-hidden="true">
              {' | '}
            </span>
          )}
          <button
            type="button"
            lang={code}
            className="btn btn-link btn-sm p-0 align-baseline language-switch-choice"
            aria-pressed={code === language}
            onClick={() => {
              if (code === language) return;
              setLanguage(code);
              onChange?.(code);
            }}
          >
            {LANGUAGE_LABELS[code]}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
