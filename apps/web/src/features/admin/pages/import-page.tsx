import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { IMPORT_BODY_MAX_BYTES, IMPORT_KINDS, type ImportKind, type ImportResult } from '@portal/contracts';
import { useRunImport } from '../api/run-import.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { SelectField } from '../../../components/ui/form/select-field.tsx';
import { DataTable } from '../../../components/ui/table/data-table.tsx';
import { ErrorAlert } from '../../../components/ui/table/query-state.tsx';
import { countsText, IMPORT_KIND_INFO } from '../utils/import-kinds.ts';
import { NotUtf8Error, readFileText } from '../utils/read-file-text.ts';
import { FileField } from '../../../components/ui/form/file-field.tsx';

interface ChosenFile {
  name: string;
  text: string;
}

function Problems({ result }: { result: ImportResult }) {
  return (
    <Alert variant="danger" className="mb-3">
      <h2 className="h5">
        {result.problemsTotal === 1 ? '1 problem' : `${result.problemsTotal.toLocaleString('en-US')} problems`} found: nothing was written
      </h2>
      <p>
        Fix the file and check it again. Lines are counted from the header (line 1).
        {result.problemsTotal > result.problems.length && ` The first ${result.problems.length.toLocaleString('en-US')} are listed.`}
      </p>
      <DataTable
        label="Problems in the file"
        striped={false}
        hover={false}
        className="mb-0 bg-white"
        columns={['Line', 'Column', 'Problem']}
        rows={result.problems}
        rowKey={(p, i) => `${p.file}-${p.line}-${p.column}-${i}`}
      >
        {(p) => (
          <>
            <td>{p.line}</td>
            <td>{p.column || '—'}</td>
            <td>{p.reason}</td>
          </>
        )}
      </DataTable>
    </Alert>
  );
}

function Counts({ result }: { result: ImportResult }) {
  const lines = countsText(result.counts);
  return lines.length === 0 ? null : (
    <ul className="mb-2">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export function ImportPage() {
  const importer = useRunImport();
  const [kind, setKind] = useState<ImportKind>('rosters');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setResult(null);
    importer.reset();
  };

  const onFile = async (chosen: File | null) => {
    reset();
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_BODY_MAX_BYTES) {
      setFileError(`The file is larger than ${IMPORT_BODY_MAX_BYTES / 1024 / 1024} MiB, the most the import takes. Split it into smaller files.`);
      return;
    }
    try {
      setFile({ name: chosen.name, text: await readFileText(chosen) });
    } catch (error) {
      setFileError(error instanceof NotUtf8Error ? error.message : 'The file could not be read.');
    }
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setFileError('Choose a CSV file.');
      fileInput.current?.focus();
      return;
    }
    reset();
    importer.mutate({ kind, csv: file.text, dryRun: true }, { onSuccess: setResult });
  };

  const commit = () => {
    if (!file) return;
    importer.mutate(
      { kind, csv: file.text, dryRun: false },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setResult(answer);
        },
      },
    );
  };

  const checkedOk = result?.ok === true && !result.committed;

  return (
    <>
      <h1 className="h3 mb-3">Import</h1>
      <Card className="mb-3">
        <Card.Body>
          <Form noValidate onSubmit={check} aria-label="Check a CSV file">
            <SelectField
              id="import-kind"
              label="What the file holds"
              value={kind}
              onChange={(value) => {
                reset();
                setKind(value as ImportKind);
              }}
              options={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_INFO[k].label }))}
            />
            <p className="small text-body-secondary">
              Columns: <span className="font-monospace">{IMPORT_KIND_INFO[kind].columns}</span>. A header row is required; the format is described in
              docs/csv-import.md.
            </p>
            <FileField ref={fileInput} id="import-file" label="CSV file (UTF-8)" accept=".csv,text/csv" onChange={(chosen) => void onFile(chosen)} error={fileError} />
            <Button type="submit" disabled={importer.isPending}>
              {importer.isPending && !confirming && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Check file
            </Button>
          </Form>
        </Card.Body>
      </Card>
      <div aria-live="polite">
        {importer.isError && !confirming && <ErrorAlert error={importer.error} title="The file could not be checked." />}
        {result && !result.ok && <Problems result={result} />}
        {checkedOk && (
          <Alert variant="success">
            <h2 className="h5">No problems found in {file?.name}</h2>
            <p className="mb-1">Importing it would change:</p>
            <Counts result={result} />
            <Button onClick={() => setConfirming(true)}>Import {file?.name}</Button>
          </Alert>
        )}
        {result?.committed && (
          <Alert variant="success">
            <h2 className="h5">Imported {file?.name}</h2>
            <Counts result={result} />
          </Alert>
        )}
      </div>
      <ConfirmDialog
        show={confirming}
        title="Import this file?"
        confirmLabel="Import"
        variant="primary"
        pending={importer.isPending}
        error={importer.error}
        onCancel={() => {
          importer.reset();
          setConfirming(false);
        }}
        onConfirm={commit}
      >
        <p>
          Every row of {file?.name} is written in one step; if anything changed since the check and a row is refused, nothing is written.
          {kind === 'rosters' ? ' The rosters of the stores in the file are replaced by the file.' : ''}
        </p>
      </ConfirmDialog>
    </>
  );
}
