import { useId } from 'react';
import { ANSWER_MAX_LONG, ANSWER_MAX_SHORT, type AnswerValue, type EventQuestion } from '@shared/questions';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input, Textarea } from '@web/components/ui/input';

/** The id of a question's control (its first option for choices): the page focuses it for a message. */
export const answerInputId = (key: string) => `answer-${key}`;

/**
 * One question with the control of its kind (docs/product/ticket-categories.md#questions): short and long text,
 * one choice (radios), several choices (checkboxes), yes/no (radios, so a required one is really answered) and a
 * date. Labels, hints and options are the organizer's plain text: React escapes them.
 */
export function QuestionField({
  question,
  fieldKey,
  value,
  error,
  onChange,
}: {
  question: EventQuestion;
  fieldKey: string;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const id = answerInputId(fieldKey);
  if (question.kind === 'text' || question.kind === 'textarea' || question.kind === 'date') {
    const text = typeof value === 'string' ? value : '';
    return (
      <Field label={question.label} id={id} hint={question.help} error={error} required={question.required}>
        {question.kind === 'textarea' ? (
          <Textarea
            rows={3}
            maxLength={ANSWER_MAX_LONG}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : (
          <Input
            type={question.kind === 'date' ? 'date' : 'text'}
            maxLength={question.kind === 'date' ? undefined : ANSWER_MAX_SHORT}
            value={text}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
    );
  }
  return <ChoiceField question={question} id={id} value={value} error={error} onChange={onChange} />;
}

function ChoiceField({
  question,
  id,
  value,
  error,
  onChange,
}: {
  question: EventQuestion;
  id: string;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const name = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorId : '', question.help ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const options: { label: string; value: AnswerValue; checked: boolean }[] =
    question.kind === 'yesno'
      ? [
          { label: 'Ja', value: true, checked: value === true },
          { label: 'Nein', value: false, checked: value === false },
        ]
      : question.options.map((option) => ({
          label: option,
          value: option,
          checked: Array.isArray(value) ? value.includes(option) : value === option,
        }));
  const multi = question.kind === 'multi';
  const toggle = (option: string, on: boolean) => {
    const chosen = Array.isArray(value) ? value : [];
    onChange(on ? [...chosen, option] : chosen.filter((one) => one !== option));
  };
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium">
        {question.label}
        {question.required && (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        )}
        {/* a fieldset may not carry aria-required: the radios say it themselves, several choices here */}
        {question.required && multi && <span className="sr-only"> (Pflichtfrage)</span>}
      </legend>
      <div className={question.kind === 'yesno' ? 'flex gap-6' : 'flex flex-col gap-1.5'}>
        {options.map((option, index) => (
          <label key={String(option.value)} className="flex items-center gap-2 text-sm">
            <input
              id={index === 0 ? id : undefined}
              type={multi ? 'checkbox' : 'radio'}
              name={name}
              required={question.required && !multi}
              checked={option.checked}
              onChange={(e) =>
                multi ? toggle(String(option.value), e.target.checked) : onChange(option.value)
              }
              className="h-4 w-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <ErrorText id={errorId} alert={false}>
          {error}
        </ErrorText>
      )}
      {question.help && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {question.help}
        </p>
      )}
    </fieldset>
  );
}
