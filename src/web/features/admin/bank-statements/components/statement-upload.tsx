import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { BANK_IMPORT_MESSAGES, CSV_MESSAGES, type BankImportResult } from '@shared/bank-statements';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { cardClass, labelClass } from '@web/features/admin/kit/admin-styles';
import { useCsvMappings } from '../api/get-csv-mappings';
import { useImportBankStatement } from '../api/import-bank-statement';
import { count, importSummary } from '../import-summary';
import { CsvMappingSelect } from './csv-mapping-select';
import { Input } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';

const ACCEPT = '.xml,.sta,.mt940,.txt,.csv';

const isCsv = (file: File | null) => file !== null && /\.csv$/i.test(file.name);

/** While the server works: the upload, then, once the file is read, its number of lines. */
const progressText = (linesTotal: number | null) =>
  linesTotal === null
    ? 'Datei wird hochgeladen und geprüft …'
    : `${count(linesTotal, 'Zeile', 'Zeilen')} gelesen – wird verarbeitet …`;

/**
 * 'Kontoauszug einlesen' (docs/product/bank-transfer.md#statement-import): a CAMT.053 or MT940 file, or a CSV
 * export with the bank's saved mapping (docs/product/bank-transfer.md#csv), goes to the server, which
 * matches every new credit line; the progress and then the answer are shown below the form.
 */
export function StatementUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const [linesRead, setLinesRead] = useState<number | null>(null);
  const [chosen, setChosen] = useState('');
  const upload = useImportBankStatement();
  const mappings = useCsvMappings().data?.mappings ?? [];
  // a mapping deleted meanwhile is no choice any more
  const mapping = mappings.some((each) => each.name === chosen) ? chosen : '';
  const mappingError =
    error === CSV_MESSAGES.mappingMissing || error === CSV_MESSAGES.mappingUnknown ? error : null;
  const fileError = mappingError ? null : error;

  const submit = () => {
    if (!file) {
      setError(BANK_IMPORT_MESSAGES.noFile);
      input.current?.focus();
      return;
    }
    // the server would refuse it with the same words (docs/product/bank-transfer.md#csv)
    if (isCsv(file) && !mapping) {
      setError(CSV_MESSAGES.mappingMissing);
      document.getElementById('statement-mapping')?.focus();
      return;
    }
    setError(null);
    setResult(null);
    setLinesRead(null);
    return upload
      .mutateAsync({ file, mapping, onRead: (read) => setLinesRead(read.linesTotal) })
      .then((answer) => {
        setResult(answer);
        setFile(null);
        if (input.current) input.current.value = '';
      })
      .catch((failure: unknown) => {
        const message = messageOf(failure, 'Der Kontoauszug konnte nicht eingelesen werden.');
        setError(message);
        toast.error(message);
      });
  };

  return (
    <section aria-labelledby="statement-upload-heading" className={cardClass}>
      <h2 id="statement-upload-heading" className="text-lg font-semibold">
        Kontoauszug einlesen
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        CAMT.053 (XML), MT940 oder CSV aus deinem Online-Banking. Schon eingelesene Zeilen werden
        übersprungen.
      </p>
      <form
        className="mt-4 flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="statement-file" className={labelClass}>
            Datei
          </label>
          <Input
            size="sm"
            ref={input}
            id="statement-file"
            type="file"
            accept={ACCEPT}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'statement-file-error' : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
          />
          {fileError && <ErrorText id="statement-file-error">{fileError}</ErrorText>}
        </div>
        <CsvMappingSelect
          mappings={mappings}
          value={mapping}
          hint={!mapping && (isCsv(file) || error === CSV_MESSAGES.mappingMissing)}
          error={mappingError}
          onChange={(name) => {
            setChosen(name);
            if (mappingError) setError(null);
          }}
        />
        <Button type="submit" className="self-start" disabled={upload.isPending}>
          {upload.isPending ? 'Wird eingelesen …' : 'Einlesen'}
        </Button>
      </form>
      <div role="status" className="mt-3 text-sm">
        {upload.isPending && <p className="text-muted-foreground">{progressText(linesRead)}</p>}
        {result && (
          <p className="flex items-start gap-2 rounded-xl bg-success-bg px-4 py-3 text-success">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {importSummary(result)}
          </p>
        )}
      </div>
    </section>
  );
}
