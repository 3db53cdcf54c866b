/**
 * A catalog message with markup around some of its words: `<b>…</b>` in the message is bold,
 * other tags are given as `tags` (a link, a phone number). The sentence stays whole in the catalog.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId, MessageValues } from '../../../i18n/index.ts';

export function Message({ id, values, tags }: { id: MessageId; values?: MessageValues; tags?: Record<string, (chunks: ReactNode[]) => ReactNode> }) {
  return <FormattedMessage id={id} values={{ ...values, b: (chunks: ReactNode[]) => <strong>{chunks}</strong>, ...tags }} />;
}
