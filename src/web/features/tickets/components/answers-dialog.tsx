import { useState } from 'react';
import { ANSWER_TEXTS, type MyTicketAnswers } from '@shared/answer-lists';
import { answerKey, answerPersons, type AnswerValue, type EventQuestion } from '@shared/questions';
import { answersToSend, valuesOf, type AnswerValues } from '@web/components/questions/answer-values';
import { answerInputId, QuestionField } from '@web/components/questions/question-field';
import { DialogActions } from '@web/components/ui/dialog-actions';
import { Form } from '@web/components/ui/form';
import { FormDialog } from '@web/components/ui/form-dialog';
import { ApiError } from '@web/lib/api-client';
import { apiErrorDetail } from '@web/lib/api-error-detail';
import { toast } from '@web/lib/toast';
import { useUpdateAnswers } from '../api/update-answers';

/**
 * 'Antworten ändern' (docs/product/ticket-categories.md#answers): every question of the event with the booking's
 * answers, the order's first, then per person ('Ticket 2', 'Ticket 2 · Person 2' of a pair). Checked by the
 * shared rules before sending; the server's 422 lands at its fields, its 409 (the event has begun) in a toast.
 */
export function AnswersDialog({
  open,
  bookingId,
  answers,
  onClose,
}: {
  open: boolean;
  bookingId: string;
  answers: MyTicketAnswers;
  onClose: () => void;
}) {
  const update = useUpdateAnswers();
  const close = () => {
    if (!update.isPending) onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={ANSWER_TEXTS.edit}
      description={ANSWER_TEXTS.editDescription}
      width="lg"
    >
      {open && (
        <AnswersForm
          answers={answers}
          busy={update.isPending}
          onCancel={close}
          onSave={(input) =>
            update.mutateAsync({ bookingId, answers: input }).then(
              () => {
                toast.success(ANSWER_TEXTS.saved);
                onClose();
                return null;
              },
              (error: unknown) => {
                const fields = fieldProblems(error);
                if (fields) return fields;
                toast.error(ANSWER_TEXTS.failed, { description: apiErrorDetail(error) });
                return null;
              },
            )
          }
        />
      )}
    </FormDialog>
  );
}

/** A 422's messages about answers, by field key; null when it has none. */
function fieldProblems(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.details)) return null;
  const found: Record<string, string> = {};
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    if (
      typeof detail.path === 'string' &&
      detail.path.startsWith('q:') &&
      typeof detail.message === 'string'
    ) {
      found[detail.path] ??= detail.message;
    }
  }
  return Object.keys(found).length > 0 ? found : null;
}

function AnswersForm({
  answers,
  busy,
  onCancel,
  onSave,
}: {
  answers: MyTicketAnswers;
  busy: boolean;
  onCancel: () => void;
  /** Answers the server's messages by field key when it refused. */
  onSave: (input: ReturnType<typeof answersToSend>['answers']) => Promise<Record<string, string> | null>;
}) {
  const { questions, lines } = answers;
  const [values, setValues] = useState<AnswerValues>(() => valuesOf(answers.given));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pair = lines.some((line) => line.seatsPerTicket > 1);
  const once = questions.filter((question) => !question.perTicket);
  const perPerson = questions.filter((question) => question.perTicket);
  const persons = perPerson.length > 0 ? answerPersons(lines) : [];

  const refuse = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) document.getElementById(answerInputId(first))?.focus();
  };
  const submit = async () => {
    const prepared = answersToSend(questions, values, lines);
    if (Object.keys(prepared.errors).length > 0) return refuse(prepared.errors);
    setErrors({});
    const problems = await onSave(prepared.answers);
    if (problems) refuse(problems);
  };
  const field = (question: EventQuestion, key: string) => (
    <QuestionField
      key={key}
      question={question}
      fieldKey={key}
      value={values[key]}
      error={errors[key]}
      onChange={(value: AnswerValue) => {
        setValues((current) => ({ ...current, [key]: value }));
        setErrors(({ [key]: _gone, ...rest }) => rest);
      }}
    />
  );
  return (
    <Form className="mt-4 flex flex-col gap-5" onSubmit={submit}>
      {once.length > 0 && (
        <fieldset className="flex flex-col gap-4" disabled={busy}>
          <legend className="mb-2 font-semibold">{ANSWER_TEXTS.order}</legend>
          {once.map((question) => field(question, answerKey(question.id, null, null)))}
        </fieldset>
      )}
      {persons.map(({ ticket, person }) => (
        <fieldset
          key={`${ticket}:${person}`}
          className="flex flex-col gap-4 border-t border-border pt-4"
          disabled={busy}
        >
          <legend className="float-left mb-2 font-semibold">
            {ANSWER_TEXTS.ticket(ticket)}
            {pair ? ` · ${ANSWER_TEXTS.person(person)}` : ''}
          </legend>
          {perPerson.map((question) => field(question, answerKey(question.id, ticket, person)))}
        </fieldset>
      ))}
      <DialogActions onCancel={onCancel} busy={busy} submitLabel="Speichern" busyLabel="Wird gespeichert …" />
    </Form>
  );
}
