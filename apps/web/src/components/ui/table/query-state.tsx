/** What a list shows while its query loads, when it fails (with retry), and when it is empty. */
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError } from '../../../lib/api-client.ts';
import { translate } from '../../../i18n/catalogs.ts';
import { pageText } from '../../../i18n/page-text.ts';
import { useLanguage } from '../../../i18n/language.ts';

/** The words for a failed call: the server's message with its field errors, or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
    return fields.length > 0 ? `${error.message} ${fields.join('; ')}` : error.message;
  }
  if (error instanceof Error) return error.message;
  return pageText('api.failed');
}

/**
 * The base part's words through `translate`, not react-intl: the console's pages use these too and
 * render without the messages' provider (they stay English); a reader's page gets its language.
 */
function useBaseText(): (id: 'app.loading' | 'app.retry') => string {
  const language = useLanguage();
  return (id) => translate(id, language);
}

export function Loading({ label }: { label?: string }) {
  const t = useBaseText();
  return (
    <div className="d-flex align-items-center gap-2 py-3" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}

export interface ErrorAlertProps {
  error: unknown;
  onRetry?: (() => void) | undefined;
  title?: string;
  /** Replaces the words drawn from the error (a translated page's own). */
  message?: string;
  retryLabel?: string;
}

export function ErrorAlert({ error, onRetry, title, message, retryLabel }: ErrorAlertProps) {
  const t = useBaseText();
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3" role="alert">
      <span>
        {title && <strong className="me-1">{title}</strong>}
        {message ?? errorMessage(error)}
      </span>
      {onRetry && (
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          {retryLabel ?? t('app.retry')}
        </Button>
      )}
    </Alert>
  );
}

export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading, error (with retry) or the data. */
export function QueryState<T>({ query, children, loadingLabel }: { query: QueryLike<T>; children: (data: T) => ReactNode; loadingLabel?: string }) {
  if (query.isPending) return <Loading {...(loadingLabel ? { label: loadingLabel } : {})} />;
  if (query.isError || query.data === undefined) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="text-body-secondary border rounded p-3 my-3">{children}</p>;
}
