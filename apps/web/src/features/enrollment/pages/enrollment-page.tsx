/**
 * The enrollment screen (/nbc/enrollment; docs/design/web-rules.md, sections 2, 4 and 5): registration type, then for a
 * dealer the title choice (executive manager, general manager, other) and for everyone the name
 * entry; submitting asks the server for the registration link and opens it in a new window.
 */
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { EnrollmentLinkRequest, LoginData, RuntimeConfig } from '@portal/contracts';
import { useSetActiveTab } from '../../../lib/active-tab.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { openLinkWindow } from '../../../lib/link-window.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.ts';
import { useUserDetail } from '../../../lib/user-storage.ts';
import { createEnrollmentLink } from '../api/create-enrollment-link.ts';
import { useEnrollmentContent, type EnrollmentTexts } from '../api/get-enrollment-content.ts';
import { NameEntryForm } from '../components/name-entry-form.tsx';
import { RegistrationTypeChoice, VirtualRegistrationView } from '../components/registration-type-choice.tsx';
import { ManagerConfirm, TitleChoice } from '../components/title-choice.tsx';
import {
  MANAGER_FLOW_EVENT_TYPE,
  managerName,
  showsExecutiveManager,
  showsGeneralManager,
  splitName,
  type NameFields,
  type Title,
} from '../utils/enrollment-rules.ts';
import { enrollmentMessages } from '../messages.ts';
import { inMessagesArea } from '../../../i18n/area.tsx';
import { useT } from '../../../i18n/use-t.ts';

function EnrollmentPage() {
  useSetActiveTab('enrollment');
  const t = useT();
  const user = useUserDetail();
  const texts = useEnrollmentContent();
  const { data: config } = useRuntimeConfig();

  return (
    <div className="container py-4 enrollment-page">
      <h1 className="h3 mb-4">{t('enrollment.title')}</h1>
      {!user ? null : !texts ? (
        <p role="status" className="text-body-secondary">
          {t('app.loading')}
        </p>
      ) : (
        <EnrollmentScreen user={user.data} texts={texts} config={config} />
      )}
    </div>
  );
}

/** choose: the title radios (and 'Are you …?'); manager: name entry as that manager; names: name entry. */
type Stage = 'choose' | 'manager' | 'names';

interface EnrollmentScreenProps {
  user: LoginData;
  texts: EnrollmentTexts;
  config: RuntimeConfig | undefined;
}

/** A link inside a message (`<link>…</link>`), opening in a new window. */
function linkTo(href: string) {
  return (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
    </a>
  );
}

export function EnrollmentScreen({ user, texts, config }: EnrollmentScreenProps) {
  const t = useT();
  const dealer = user.dealerInfo?.isDealer ? user.dealerInfo : null;
  const [isVirtual, setIsVirtual] = useState(false);
  const [title, setTitle] = useState<Title | null>(null);
  const [stage, setStage] = useState<Stage>(dealer ? 'choose' : 'names');
  const [pending, setPending] = useState(false);
  const [outcomeErrors, setOutcomeErrors] = useState<string[]>([]);
  const [openedLink, setOpenedLink] = useState<{ link: string; blocked: boolean } | null>(null);

  const reset = () => {
    setOutcomeErrors([]);
    setOpenedLink(null);
  };

  function chooseTitle(next: Title) {
    setTitle(next);
    setStage('choose');
    reset();
  }

  function submit(names: NameFields) {
    if (pending) return;
    reset();
    if (!config) {
      setOutcomeErrors([t('enrollment.linkFailed')]);
      return;
    }
    const linkWindow = openLinkWindow();
    const asManager = stage === 'manager';
    const request: EnrollmentLinkRequest = {
      firstName: names.firstName,
      lastName: names.lastName,
      regType: user.regType,
      isManager: asManager,
      isVirtual,
      isGeneralManager: asManager && title === 'GM',
      eventType: asManager ? MANAGER_FLOW_EVENT_TYPE : user.eventType,
    };
    setPending(true);
    createEnrollmentLink(config, request)
      .then(
        (link) => {
          if (link) {
            setOpenedLink({ link, blocked: !linkWindow.show(link) });
          } else {
            linkWindow.abandon();
            setOutcomeErrors([t('enrollment.linkFailed')]);
          }
        },
        (error: unknown) => {
          linkWindow.abandon();
          // 409: the colleague is already registered; 400 on isVirtual: the event offers no virtual
          // attendance. The server's message says so.
          const told = error instanceof ApiError && (error.status === 409 || (error.status === 400 && error.fieldErrors.some((e) => e.field === 'isVirtual')));
          setOutcomeErrors([told ? error.message : t('enrollment.linkFailed')]);
        },
      )
      .finally(() => setPending(false));
  }

  const managerFlow = dealer && stage === 'manager' && (title === 'EM' || title === 'GM');
  const initialNames: NameFields = managerFlow
    ? splitName(managerName(dealer, title))
    : dealer
      ? { firstName: '', lastName: '' }
      : { firstName: user.user.firstName, lastName: user.user.lastName };
  const showForm = !dealer || stage === 'manager' || stage === 'names';

  return (
    <>
      {/* docs/design/web-rules.md, section 2, Enrollment screen: "offers a registration type radio choice: Physical
          (default) or Virtual", whatever the program. */}
      <RegistrationTypeChoice
        physicalLabel={texts.physicalLabel}
        virtualLabel={texts.virtualLabel}
        note={texts.note}
        isVirtual={isVirtual}
        onChange={(value) => {
          setIsVirtual(value);
          reset();
        }}
      />
      {isVirtual && <VirtualRegistrationView label={texts.virtualLabel} />}

      {dealer && (
        <>
          <TitleChoice showExecutiveManager={showsExecutiveManager(dealer)} showGeneralManager={showsGeneralManager(dealer)} title={title} onTitle={chooseTitle} />
          {stage === 'choose' && (title === 'EM' || title === 'GM') && (
            <ManagerConfirm name={managerName(dealer, title)} onYes={() => setStage('manager')} onNo={() => chooseTitle('OTH')} />
          )}
          {stage === 'choose' && title === 'OTH' && (
            <button type="button" className="btn btn-primary mb-3" onClick={() => setStage('names')}>
              {t('enrollment.enterName')}
            </button>
          )}
        </>
      )}

      {showForm && (
        <NameEntryForm
          key={`${stage}-${title ?? ''}`}
          texts={texts}
          initial={initialNames}
          pending={pending}
          outcomeErrors={outcomeErrors}
          onSubmit={submit}
          onChange={reset}
        />
      )}

      {openedLink && !openedLink.blocked && (
        <p role="status" className="alert alert-success mt-3">
          <FormattedMessage id="enrollment.opened" values={{ link: linkTo(openedLink.link) }} />
        </p>
      )}
      {openedLink?.blocked && (
        <p role="alert" className="alert alert-warning mt-3">
          <FormattedMessage id="enrollment.blocked" values={{ link: linkTo(openedLink.link) }} />
        </p>
      )}
    </>
  );
}

export default inMessagesArea(enrollmentMessages, EnrollmentPage);
