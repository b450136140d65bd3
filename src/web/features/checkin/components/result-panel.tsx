import { Ban, CircleCheck, CircleQuestionMark, CircleX, Clock, Info, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { answerLineText } from '@shared/answer-lists';
import { CHECK_IN_TEXTS, type Participant } from '@shared/participants';
import { Button } from '@web/components/ui/button';
import { formatTime } from '@web/lib/format';
import type { DoorAnswer } from '../use-door';

type Tone = 'good' | 'warn' | 'bad' | 'info';

// Solid colours with their own text colour: readable at arm's length in light and dark theme alike.
const TONES: Record<Tone, string> = {
  good: 'bg-green-600 text-white',
  warn: 'bg-amber-400 text-black',
  bad: 'bg-red-600 text-white',
  info: 'bg-muted text-foreground',
};

interface Shown {
  tone: Tone;
  icon: ReactNode;
  title: string;
  detail?: string | undefined;
  /** The ticket's category and the person's answers ('Ernährung: vegan'). */
  facts?: string[] | undefined;
}

/**
 * What the door should know about the person (docs/product/ticket-categories.md#answers): the ticket's
 * category, then the answers of the order and of the ticket's persons (from the server: the device's list keeps
 * the category only).
 */
const factsOf = (participant: Pick<Participant, 'categoryName' | 'answers' | 'seats'>): string[] => [
  ...(participant.categoryName ? [`Ticketart: ${participant.categoryName}`] : []),
  ...(participant.answers ?? []).map((line) => answerLineText(line, participant.seats > 1)),
];

const ICON = 'h-12 w-12 shrink-0';

function describe(answer: DoorAnswer, timeZone: string): Shown {
  if (answer.kind === 'message') {
    return {
      tone: answer.tone === 'error' ? 'bad' : 'info',
      icon:
        answer.tone === 'error' ? (
          <CircleX className={ICON} aria-hidden />
        ) : (
          <Info className={ICON} aria-hidden />
        ),
      title: answer.text,
    };
  }
  const { outcome } = answer;
  const who =
    'participant' in outcome ? `${outcome.participant.holderName} · ${outcome.participant.code}` : undefined;
  switch (outcome.result) {
    case 'checked-in':
      return {
        tone: 'good',
        icon: <CircleCheck className={ICON} aria-hidden />,
        title: CHECK_IN_TEXTS.checkedIn,
        detail: outcome.participant.seats > 1 ? `${who} · ${outcome.participant.seats} Personen` : who,
        facts: factsOf(outcome.participant),
      };
    case 'already': {
      const at = outcome.participant.checkedInAt;
      return {
        tone: 'warn',
        icon: <Clock className={ICON} aria-hidden />,
        title: CHECK_IN_TEXTS.already(at ? formatTime(at, timeZone) : '–', outcome.participant.checkedInBy),
        detail: who,
        facts: factsOf(outcome.participant),
      };
    }
    case 'cancelled':
      return {
        tone: 'bad',
        icon: <Ban className={ICON} aria-hidden />,
        title: CHECK_IN_TEXTS.cancelled,
        detail: who,
      };
    case 'other-event':
      return {
        tone: 'bad',
        icon: <CircleX className={ICON} aria-hidden />,
        title: CHECK_IN_TEXTS.otherEvent,
        detail: outcome.eventTitle,
      };
    case 'unknown':
      return {
        tone: 'bad',
        icon: <CircleQuestionMark className={ICON} aria-hidden />,
        title: CHECK_IN_TEXTS.unknown,
      };
  }
}

/** The answer at a glance (docs/product/organizer-day.md#check-in): green, orange or red, big. */
export function ResultPanel({
  answer,
  timeZone,
  canUndo,
  busy,
  onUndo,
}: {
  answer: DoorAnswer | null;
  timeZone: string;
  canUndo: boolean;
  busy: boolean;
  onUndo: () => void;
}) {
  if (!answer) {
    return (
      <div
        data-testid="check-in-result"
        role="status"
        className="flex min-h-32 items-center justify-center rounded-2xl border-2 border-dashed border-border p-4 text-center text-muted-foreground"
      >
        Scanne ein Ticket oder suche nach Code oder Name.
      </div>
    );
  }
  const shown = describe(answer, timeZone);
  const savedOffline = answer.kind === 'outcome' && answer.savedOffline;
  return (
    <div
      key={answer.key}
      data-testid="check-in-result"
      data-result={answer.kind === 'outcome' ? answer.outcome.result : answer.tone}
      role="status"
      className={`flex min-h-32 flex-col gap-3 rounded-2xl p-4 shadow-sm ${TONES[shown.tone]}`}
    >
      <div className="flex items-center gap-4">
        {shown.icon}
        <div className="min-w-0">
          <p className="text-2xl leading-tight font-bold sm:text-3xl">{shown.title}</p>
          {shown.detail ? <p className="mt-1 truncate text-lg font-medium">{shown.detail}</p> : null}
          {shown.facts && shown.facts.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-0.5 text-base" data-testid="check-in-facts">
              {shown.facts.map((fact, index) => (
                <li key={index} className="break-words">
                  {fact}
                </li>
              ))}
            </ul>
          ) : null}
          {savedOffline ? <p className="mt-1 text-sm">Auf diesem Gerät gespeichert, wird gesendet.</p> : null}
        </div>
      </div>
      {canUndo && answer.kind === 'outcome' && answer.outcome.result === 'checked-in' ? (
        <Button
          variant="secondary"
          size="lg"
          className="self-start text-foreground"
          disabled={busy}
          onClick={onUndo}
        >
          <Undo2 className="h-5 w-5" aria-hidden />
          {CHECK_IN_TEXTS.undo}
        </Button>
      ) : null}
    </div>
  );
}
