import { MAX_QUESTIONS_PER_EVENT } from '@shared/admin-categories';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { moveItem, newQuestion, type QuestionField, type QuestionFormValues } from '../category-form-values';
import { FormSection } from './event-form-sections';
import { QuestionCard } from './question-card';
import { withoutListErrors, type ListSectionProps } from './ticket-categories-section';

/**
 * 'Fragen an Teilnehmende' (docs/product/ticket-categories.md#questions): a card per question in the order the
 * checkout asks them. Nothing is shown while the event's questions are unknown (an answer without them).
 */
export function QuestionsSection({ values, errors, set, editErrors }: ListSectionProps) {
  const questions = values.questions;
  if (questions === null) return null;
  const update = (next: QuestionFormValues[]) => set('questions', next);
  const change =
    (index: number) =>
    <K extends QuestionField>(field: K, value: QuestionFormValues[K]) => {
      update(questions.map((question, i) => (i === index ? { ...question, [field]: value } : question)));
      const key = `questions.${index}.${field}` as const;
      editErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
    };
  const reorder = (next: QuestionFormValues[]) => {
    update(next);
    editErrors(withoutListErrors('questions'));
  };
  return (
    <FormSection title="Fragen an Teilnehmende">
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {questions.length === 0
          ? 'Keine Fragen: beim Buchen wird nur nach Name und Kontakt gefragt.'
          : 'Werden beim Buchen in dieser Reihenfolge gestellt.'}
      </p>
      {errors.questions && <ErrorText className="sm:col-span-2">{errors.questions}</ErrorText>}
      {questions.map((question, index) => (
        <QuestionCard
          key={question.id || `new-${index}`}
          question={question}
          index={index}
          count={questions.length}
          errorOf={(field) =>
            field === '' ? errors[`questions.${index}`] : errors[`questions.${index}.${field}`]
          }
          onChange={change(index)}
          onMove={(to) => reorder(moveItem(questions, index, to))}
          onRemove={() => reorder(questions.filter((_, i) => i !== index))}
        />
      ))}
      {questions.length < MAX_QUESTIONS_PER_EVENT && (
        <div className="sm:col-span-2">
          <Button variant="secondary" onClick={() => update([...questions, newQuestion()])}>
            Frage hinzufügen
          </Button>
        </div>
      )}
    </FormSection>
  );
}
