import { useId } from 'react';
import { hasOptions } from '@shared/admin-categories';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuestionKind } from '@shared/questions';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input, Select } from '@web/components/ui/input';
import { CheckboxField } from '@web/features/admin/kit/form-field';
import type { QuestionField, QuestionFormValues } from '../category-form-values';
import { ListItemActions } from './list-item-actions';

export interface QuestionCardProps {
  question: QuestionFormValues;
  index: number;
  count: number;
  errorOf: (field: QuestionField | '') => string | undefined;
  onChange: <K extends QuestionField>(field: K, value: QuestionFormValues[K]) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One question to the buyer (docs/product/ticket-categories.md#questions): text, kind, choices, when asked. */
export function QuestionCard(props: QuestionCardProps) {
  const { question, index, count, errorOf, onChange } = props;
  const headingId = useId();
  const title = question.label.trim() || `Frage ${index + 1}`;
  const setOption = (at: number, text: string) =>
    onChange(
      'options',
      question.options.map((option, i) => (i === at ? text : option)),
    );
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl border border-border p-4 sm:col-span-2"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <ListItemActions
          itemName={`Frage „${title}“`}
          index={index}
          count={count}
          onMove={props.onMove}
          onRemove={props.onRemove}
        />
      </div>
      {errorOf('') && <ErrorText className="mb-3">{errorOf('')}</ErrorText>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Frage" required error={errorOf('label')}>
          {(control) => (
            <Input
              {...control}
              value={question.label}
              maxLength={200}
              onChange={(e) => onChange('label', e.target.value)}
            />
          )}
        </Field>
        <Field label="Art der Antwort" error={errorOf('kind')}>
          {(control) => (
            <Select
              {...control}
              value={question.kind}
              onChange={(e) => onChange('kind', e.target.value as QuestionKind)}
            >
              {QUESTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {QUESTION_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Hinweis"
          error={errorOf('help')}
          hint="Optional; steht unter dem Feld."
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              value={question.help}
              maxLength={500}
              onChange={(e) => onChange('help', e.target.value)}
            />
          )}
        </Field>
        {hasOptions(question.kind) && (
          <fieldset className="flex flex-col gap-2 sm:col-span-2">
            <legend className="mb-1 text-sm font-medium">Möglichkeiten</legend>
            {question.options.map((option, at) => (
              <div key={at} className="flex items-end gap-2">
                <Field label={`Möglichkeit ${at + 1}`} compact className="flex-1">
                  {(control) => (
                    <Input
                      {...control}
                      size="sm"
                      value={option}
                      maxLength={100}
                      onChange={(e) => setOption(at, e.target.value)}
                    />
                  )}
                </Field>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Möglichkeit ${at + 1} entfernen`}
                  disabled={question.options.length <= 2}
                  onClick={() =>
                    onChange(
                      'options',
                      question.options.filter((_, i) => i !== at),
                    )
                  }
                >
                  Entfernen
                </Button>
              </div>
            ))}
            {errorOf('options') && <ErrorText>{errorOf('options')}</ErrorText>}
            <div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onChange('options', [...question.options, ''])}
              >
                Möglichkeit hinzufügen
              </Button>
            </div>
          </fieldset>
        )}
        <div className="flex flex-col gap-3 sm:col-span-2">
          <CheckboxField
            label="Pflichtfrage"
            checked={question.required}
            onChange={(checked) => onChange('required', checked)}
          />
          <CheckboxField
            label="Für jede Person fragen"
            hint="Sonst einmal pro Bestellung. Bei Paar-Tickets für beide Personen."
            checked={question.perTicket}
            onChange={(checked) => onChange('perTicket', checked)}
          />
        </div>
      </div>
    </div>
  );
}
