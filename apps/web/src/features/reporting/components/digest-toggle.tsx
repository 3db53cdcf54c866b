import Form from 'react-bootstrap/Form';
import { useDigestSubscription, useSetDigestSubscription } from '../api/digest-subscription.ts';

/** Opts the reader in or out of the weekly digest mail (the changes in their scope and the totals, as a workbook). */
export function DigestToggle() {
  const query = useDigestSubscription();
  const update = useSetDigestSubscription();
  const subscribed = update.isPending ? Boolean(update.variables?.subscribed) : (query.data?.subscribed ?? false);
  return (
    <div className="mt-3">
      <Form.Check
        type="switch"
        id="weekly-digest"
        role="switch"
        label="E-mail me a weekly digest of the changes in my area (Mondays, with a workbook)"
        checked={subscribed}
        disabled={query.isPending || query.isError || update.isPending}
        onChange={(e) => update.mutate({ subscribed: e.target.checked, ...(query.data ? { event: query.data.event } : {}) })}
      />
      {query.data?.lastDigestAt && <small className="text-body-secondary d-block">Last digest: {query.data.lastDigestAt.slice(0, 10)}</small>}
      {(query.isError || update.isError) && (
        <small className="text-danger d-block" role="alert">
          {update.error?.message || 'The digest setting could not be loaded.'}
        </small>
      )}
    </div>
  );
}
