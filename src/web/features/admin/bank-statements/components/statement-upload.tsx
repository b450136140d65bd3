import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { BANK_IMPORT_MESSAGES, type BankImportResult } from '@shared/bank-transfer';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { messageOf } from '../../admin-errors';
import { cardClass, inputClass, labelClass } from '../../admin-styles';
import { useImportBankStatement } from '../api/import-bank-statement';
import { importSummary } from '../import-summary';

const ACCEPT = '.xml,.sta,.mt940,.txt';

/**
 * 'Kontoauszug einlesen' (docs/product/bank-transfer.md#statement-import): a CAMT.053 or MT940 file goes to
 * the server, which matches every new credit line; the answer is summed up below the form.
 */
export function StatementUpload() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankImportResult | null>(null);
  const upload = useImportBankStatement();

  const submit = () => {
    if (!file) {
      setError(BANK_IMPORT_MESSAGES.noFile);
      input.current?.focus();
      return;
    }
    setError(null);
    setResult(null);
    return upload
      .mutateAsync(file)
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
        CAMT.053 (XML) oder MT940 aus deinem Online-Banking. Schon eingelesene Zeilen werden übersprungen.
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
          <input
            ref={input}
            id="statement-file"
            type="file"
            accept={ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'statement-file-error' : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
            className={`${inputClass} h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm`}
          />
          {error && (
            <p id="statement-file-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" className="self-start" disabled={upload.isPending}>
          {upload.isPending ? 'Wird eingelesen …' : 'Einlesen'}
        </Button>
      </form>
      <div role="status" className="mt-3 text-sm">
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
