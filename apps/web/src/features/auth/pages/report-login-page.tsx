/**
 * Report login (/reportLogin; docs/design/web-rules.md, sections 2, 4 and 5): company e-mail and report code, texts from
 * the nbc environment's `report_login` item (built in while the content service is down). Success
 * opens the retailer report page.
 */
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { RuntimeConfig } from '@portal/contracts';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useContentItemOfType } from '../../../lib/content-client.ts';
import { CONTENT_TYPES, type ReportLoginContent } from '../../../lib/content-models.ts';
import { useRuntimeConfig } from '../../../lib/runtime-config.ts';
import { signIn } from '../api/process-login.ts';
import { useLoginAttempt } from '../hooks/use-login-attempt.ts';
import { useLoginContent } from '../hooks/use-login-content.ts';
import { useLogoutOnEntry } from '../hooks/use-logout-on-entry.ts';
import { validateReportLogin, type LoginFields } from '../utils/login-validation.ts';
import { reportLoginTexts, type ReportLoginBuiltIn } from '../utils/login-texts.ts';
import { useT } from '../../../i18n/use-t.ts';
import { LoginCard } from '../components/login-card.tsx';

/** The company mail domain the server publishes in its runtime config. */
function reportEmailDomain(config: RuntimeConfig | undefined): string | undefined {
  return config?.reportEmailDomain.trim() || undefined;
}

export function ReportLoginPage() {
  useLogoutOnEntry();
  const query = useContentItemOfType<ReportLoginContent>(CONTENT_TYPES.reportLogin, [], { eventType: 'nbc' });
  const { content, ready } = useLoginContent(query);
  const { data: config } = useRuntimeConfig();

  // Without its content the form still works, with built-in texts.
  if (!ready) return <PageLoading />;
  return <ReportLoginForm content={content} emailDomain={reportEmailDomain(config)} />;
}

/** The page's own words in the reader's language, for what the content leaves empty. */
function useBuiltInTexts(emailDomain: string | undefined): ReportLoginBuiltIn {
  const t = useT();
  return {
    heading: t('reportLogin.heading'),
    userNameLabel: emailDomain ? t('reportLogin.userNameWithDomain', { domain: emailDomain }) : t('reportLogin.userName'),
    passwordLabel: t('reportLogin.password'),
    buttonText: t('reportLogin.button'),
    invalidLogin: t('reportLogin.invalid'),
    messages: {
      userNameRequired: t('reportLogin.userNameRequired'),
      userNameInvalid: emailDomain ? t('reportLogin.userNameInvalidWithDomain', { domain: emailDomain }) : t('reportLogin.userNameInvalid'),
      passwordRequired: t('reportLogin.passwordRequired'),
    },
  };
}

function ReportLoginForm({ content, emailDomain }: { content: ReportLoginContent | null; emailDomain: string | undefined }) {
  const navigate = useNavigate();
  const texts = reportLoginTexts(content, useBuiltInTexts(emailDomain));
  const attempt = useLoginAttempt<Pick<LoginFields, 'userName' | 'password'>>({ userName: '', password: '' }, (fields) => validateReportLogin(fields, texts.messages, { emailDomain }));
  const { fields, submit, setOutcomeErrors } = attempt;

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, async () => {
      const stored = await signIn({ userName: fields.userName.trim(), password: fields.password, firstName: '', lastName: '', eventType: 'nbc', IsReporting: true }, 'reporting');
      if (stored) void navigate(paths.dashboard);
      else setOutcomeErrors([texts.invalidLogin]);
    });

  return <LoginCard texts={texts} attempt={attempt} onSubmit={onSubmit} companySignIn={{ target: 'reports' }} />;
}
