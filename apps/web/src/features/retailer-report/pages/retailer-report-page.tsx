/**
 * The retailer report page (/nbc/dashboard, after report login): an event code, a button, and the
 * spreadsheet downloaded as '{report name}_{YYYYMMDD_HHmmss}.xlsx'. Idle → generating → toast → idle.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { notify } from '../../../lib/toast.ts';
import { getAccessToken } from '../../../lib/user-storage.ts';
import { useRetailerReportContent } from '../api/get-retailer-report-content.ts';
import { getRetailerReport } from '../api/get-retailer-report.ts';
import { generateRetailerReport } from '../utils/generate-retailer-report.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { inMessagesArea } from '../../../i18n/area.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { retailerReportMessages } from '../messages.ts';

function RetailerReportPage() {
  const t = useT();
  const { content, isPending: contentPending } = useRetailerReportContent();
  const [eventCode, setEventCode] = useState('');
  const inputId = useId();

  const download = useMutation({
    mutationFn: (code: string) =>
      generateRetailerReport(
        { eventCode: code, reportHeaders: content.reportHeaders },
        { hasToken: () => getAccessToken() !== null, fetchReport: (request) => getRetailerReport(request), saveFile, t },
      ),
    onSuccess: (outcome) => void (outcome.ok ? notify.success(outcome.message) : notify.error(outcome.message)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!download.isPending) download.mutate(eventCode);
  };

  const generating = download.isPending;
  return (
    <div className="container py-4 dashboard-page">
      <Card className="mx-auto shadow-sm" style={{ maxWidth: '36rem' }}>
        <Card.Body>
          <h1 className="h4 mb-4">{content.heading || t('retailerReport.heading')}</h1>
          <Form noValidate onSubmit={onSubmit}>
            <TextField
              id={inputId}
              label={content.inputLabel || t('retailerReport.eventCode')}
              name="eventCode"
              maxLength={32}
              placeholder={content.inputPlaceholder}
              value={eventCode}
              onChange={setEventCode}
            />
            <Button type="submit" variant="primary" disabled={generating || contentPending}>
              {generating ? (
                <>
                  <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
                  {t('retailerReport.generating')}
                </>
              ) : (
                content.buttonText || t('retailerReport.download')
              )}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </div>
  );
}

export default inMessagesArea(retailerReportMessages, RetailerReportPage);
