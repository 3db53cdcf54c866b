/**
 * Sign-in for an event (/nbc, /abc; docs/design/web-rules.md, sections 2, 4 and 5): e-mail and access code, plus first
 * and last name for abc. Every text comes from the event's `login` content item, with built-in
 * texts when the content service is down.
 */
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { EventType } from '@portal/contracts';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { ContentImage } from '../../../components/ui/content-image.tsx';
import { PersonNameFields } from '../../../components/person-name-fields.tsx';
import { browser } from '../../../lib/browser.ts';
import { releaseFirstPaintAfter } from '../../../lib/first-paint.ts';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, firstAsset, type LoginContent } from '../../../lib/content-models.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.ts';
import { getUserDetail } from '../../../lib/user-storage.ts';
import { getAbcEnrollmentLink } from '../api/get-enrollment-link.ts';
import { signIn } from '../api/process-login.ts';
import { useLoginAttempt } from '../hooks/use-login-attempt.ts';
import { useLoginContent } from '../hooks/use-login-content.ts';
import { useLogoutOnEntry } from '../hooks/use-logout-on-entry.ts';
import { LOGIN_MESSAGES } from '../utils/login-messages.ts';
import { loginTexts } from '../utils/login-texts.ts';
import { validateLogin, type LoginFields } from '../utils/login-validation.ts';
import { LoginCard } from '../components/login-card.tsx';
import { useT } from '../../../i18n/use-t.ts';

/** Where the abc login shows the in-app event page (no external registration link). */
export interface AbcEventViewState {
  view: 'event';
}

const EMPTY_FIELDS: LoginFields = { userName: '', password: '', firstName: '', lastName: '' };

export function EventLoginPage({ eventType }: { eventType: EventType }) {
  useLogoutOnEntry();
  const query = useContentItemOfType<LoginContent>(CONTENT_TYPES.login, [], { eventType });
  const { content, ready } = useLoginContent(query);
  const { data: config } = useRuntimeConfig();

  // Without its content (service down, slow or item missing) the form still works, with built-in texts.
  if (!ready) return <PageLoading />;
  return <EventLoginForm eventType={eventType} content={content} linkConfig={config} />;
}

function EventLoginForm({ eventType, content, linkConfig }: { eventType: EventType; content: LoginContent | null; linkConfig: ReturnType<typeof useRuntimeConfig>['data'] }) {
  const navigate = useNavigate();
  const t = useT();
  const headerRef = useRef<HTMLElement>(null);
  // The server's copy of this header lies over it until this one's images are decoded.
  useLayoutEffect(() => {
    releaseFirstPaintAfter([...(headerRef.current?.querySelectorAll('img') ?? [])]);
  }, []);

  const requireNames = eventType === 'abc';
  const texts = loginTexts(eventType, content, t);
  const attempt = useLoginAttempt(EMPTY_FIELDS, (fields) => validateLogin(fields, texts.messages, { requireNames }));
  const { fields, submit, setOutcomeErrors } = attempt;

  async function afterAbcLogin(): Promise<void> {
    const user = getUserDetail();
    if (!user || !linkConfig) {
      setOutcomeErrors([t(LOGIN_MESSAGES.enrollmentLinkFailed)]);
      return;
    }
    let link: string | null;
    try {
      link = await getAbcEnrollmentLink(linkConfig, user, fields);
    } catch {
      link = null;
    }
    if (link === null) {
      setOutcomeErrors((current) => [...current, t(LOGIN_MESSAGES.enrollmentLinkFailed)]);
    } else if (link.includes('http')) {
      browser.assign(link);
    } else {
      const state: AbcEventViewState = { view: 'event' };
      void navigate(paths.abcLogin, { replace: true, state });
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, async () => {
      const stored = await signIn(
        {
          userName: fields.userName.trim(),
          password: fields.password,
          firstName: requireNames ? fields.firstName.trim() : '',
          lastName: requireNames ? fields.lastName.trim() : '',
          eventType,
          IsReporting: false,
        },
        'general',
      );
      if (!stored) setOutcomeErrors([texts.invalidLogin]);
      else if (eventType === 'abc') await afterAbcLogin();
      else if (getUserDetail()) void navigate(paths.welcome);
      else setOutcomeErrors([t(LOGIN_MESSAGES.userDataNotFound)]);
    });

  const header = (
    <header className="login-header" ref={headerRef}>
      <div className="container py-2">
        <ContentImage asset={firstAsset(content?.elements.logo)} width={225} height={60} className="brand-logo" priority />
      </div>
      <ContentImage asset={firstAsset(content?.elements.banner)} width={1600} height={300} className="event-banner" banner priority />
    </header>
  );

  return (
    <LoginCard texts={texts} attempt={attempt} onSubmit={onSubmit} companySignIn={{ target: 'event', event: eventType }} describeForm header={header}>
      {requireNames && (
        <PersonNameFields
          idPrefix={attempt.formId}
          labels={{ firstName: texts.firstNameLabel, lastName: texts.lastNameLabel }}
          values={fields}
          onChange={attempt.update}
          invalid={attempt.invalid}
          describedBy={attempt.describedBy}
          required
        />
      )}
    </LoginCard>
  );
}
