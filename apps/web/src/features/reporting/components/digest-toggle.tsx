import { SwitchField } from '../../../components/ui/form/switch-field.tsx';
import { useDigestSubscription, useSetDigestSubscription } from '../api/digest-subscription.ts';
import { useFormat, useT } from '../../../i18n/use-t.ts';

/** Opts the reader in or out of the weekly digest mail (the changes in their scope and the totals, as a workbook). */
export function DigestToggle() {
  const query = useDigestSubscription();
  const t = useT();
  const fmt = useFormat();
  const update = useSetDigestSubscription();
  const subscribed = update.isPending ? Boolean(update.variables?.subscribed) : (query.data?.subscribed ?? false);
  return (
    <div className="mt-3">
      <SwitchField
        id="weekly-digest"
        label={t('reporting.digest.label')}
        checked={subscribed}
        disabled={query.isPending || query.isError || update.isPending}
        onChange={(checked) => update.mutate({ subscribed: checked, ...(query.data ? { event: query.data.event } : {}) })}
      />
      {query.data?.lastDigestAt && <small className="text-body-secondary d-block">{t('reporting.digest.last', { date: fmt.date(query.data.lastDigestAt) })}</small>}
      {(query.isError || update.isError) && (
        <small className="text-danger d-block" role="alert">
          {update.error?.message || t('reporting.digest.failed')}
        </small>
      )}
    </div>
  );
}
