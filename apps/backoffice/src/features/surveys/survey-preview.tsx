/**
 * The survey as the portal's 'Te escuchamos' page shows it to a pharmacist, composed of the same
 * `@botica/ui` fields: the title, the introduction, the closing day and each question. The answers
 * given here stay on this screen: nothing is sent.
 */
import type { SurveyQuestion } from '@botica/api-client/schemas';
import { formatCount, formatLongDate, surveyTextLimit } from '@botica/domain';
import { ChoiceField, RatingField, TextField } from '@botica/ui';
import { useState } from 'react';

type PreviewAnswer = number | number[] | string;

function PreviewQuestion({ question }: { question: SurveyQuestion }) {
  const [value, setValue] = useState<PreviewAnswer | undefined>(undefined);
  const common = { label: question.prompt, isRequired: question.required };
  const help = question.help ? { description: question.help } : {};
  switch (question.kind) {
    case 'single':
      return (
        <ChoiceField
          {...common}
          {...help}
          selectionMode="single"
          options={question.options}
          value={typeof value === 'number' ? value : null}
          onChange={setValue}
        />
      );
    case 'multiple':
      return (
        <ChoiceField
          {...common}
          {...help}
          selectionMode="multiple"
          options={question.options}
          value={Array.isArray(value) ? value : []}
          onChange={setValue}
        />
      );
    case 'rating':
      return (
        <RatingField
          {...common}
          {...help}
          minLabel={question.min_label}
          maxLabel={question.max_label}
          value={typeof value === 'number' ? value : null}
          onChange={setValue}
        />
      );
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const count = `${formatCount([...text].length)} de ${formatCount(surveyTextLimit(question))} caracteres.`;
      return (
        <TextField
          {...common}
          description={question.help ? `${question.help} ${count}` : count}
          isMultiline
          value={text}
          onChange={setValue}
        />
      );
    }
  }
}

export interface SurveyPreviewProps {
  title: string;
  intro: string;
  /** The close as an instant, or null while the typed one is not a date. */
  closesAt: Date | null;
  questions: readonly SurveyQuestion[];
}

export function SurveyPreview({ title, intro, closesAt, questions }: SurveyPreviewProps) {
  const requiredCount = questions.filter((question) => question.required).length;
  return (
    <div className="bo-survey-preview">
      <p className="bo-survey-preview__eyebrow">Te escuchamos</p>
      <h2 className="bo-survey-preview__title">{title || 'Sin título'}</h2>
      {intro ? <p className="bo-survey-preview__intro">{intro}</p> : null}
      <p className="bo-survey-preview__meta">
        {closesAt ? `Abierta hasta el ${formatLongDate(closesAt)}. ` : null}
        {requiredCount > 0 ? 'Las preguntas marcadas con * son obligatorias.' : null}
      </p>
      <ol className="bo-survey-preview__questions">
        {questions.map((question) => (
          <li key={question.id} className="bo-survey-preview__question">
            <PreviewQuestion question={question} />
          </li>
        ))}
      </ol>
    </div>
  );
}
