/**
 * /encuestas, 'Te escuchamos': the laboratory's survey open now. The pharmacist answers it
 * (checked with @botica/domain's rules before it is sent, and by the server again), then sees a
 * thank-you with the answers and 'Editar mis respuestas' while the survey is open. With no survey
 * open, an empty state.
 */
import { isApiError } from '@botica/api-client';
import type { CurrentSurveyResponse, SurveyQuestion, SurveyWithResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatLongDate, surveyTextLimit } from '@botica/domain';
import { Button, ChoiceField, EmptyState, Form, Link, RatingField, TextField } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import { answerSurveyMutation, currentSurveyQuery } from './queries.ts';
import {
  afterAnswer,
  answerText,
  checkForm,
  type FormAnswers,
  initialAnswers,
  serverProblems,
} from './survey-form.ts';
import './survey.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<CurrentSurveyResponse> {
  return (await queryClientOf(context)).fetchQuery(currentSurveyQuery());
}

export function Component() {
  const { data } = useSuspenseQuery(currentSurveyQuery()).data;
  useDocumentTitle('Te escuchamos');
  return (
    <div className="survey">
      <p className="survey__eyebrow">Te escuchamos</p>
      {data ? <OpenSurvey key={data.survey.id} current={data} /> : <NoSurvey />}
    </div>
  );
}

function NoSurvey() {
  return (
    <>
      <h1 className="survey__title">Tu opinión nos ayuda a mejorar</h1>
      <EmptyState
        title="Ahora mismo no hay ninguna encuesta abierta"
        description="Cuando el laboratorio abra una nueva encuesta sobre sus productos o el portal, la encontrarás aquí."
        action={<Link href="/">Volver al inicio</Link>}
      />
    </>
  );
}

/** The survey open now; its saved answers come back through the cache (answerSurveyMutation). */
function OpenSurvey({ current }: { current: SurveyWithResponse }) {
  const [isEditing, setEditing] = useState(current.response === null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);

  useEffect(() => {
    if (!moveFocus) return;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
    setMoveFocus(false);
  }, [moveFocus]);

  const { survey, response } = current;
  const closes = formatLongDate(survey.closes_at);
  return (
    <>
      <h1 className="survey__title" ref={headingRef} tabIndex={-1}>
        {isEditing ? survey.title : '¡Gracias por tus respuestas!'}
      </h1>
      {isEditing ? (
        <SurveyForm
          current={current}
          onSaved={() => {
            setEditing(false);
            setMoveFocus(true);
          }}
          onCancel={
            response
              ? () => {
                  setEditing(false);
                  setMoveFocus(true);
                }
              : undefined
          }
        />
      ) : (
        <section className="survey__thanks" aria-label="Tus respuestas">
          <p className="survey__intro">
            Hemos guardado tus respuestas a «{survey.title}». Puedes cambiarlas hasta el {closes}.
          </p>
          <dl className="survey__answers">
            {survey.questions.map((question) => (
              <div key={question.id} className="survey__answer">
                <dt>{question.prompt}</dt>
                <dd>{answerText(question, response?.answers[String(question.id)]) ?? 'Sin respuesta'}</dd>
              </div>
            ))}
          </dl>
          <div className="survey__actions">
            <Button
              variant="secondary"
              onPress={() => {
                setEditing(true);
                setMoveFocus(true);
              }}
            >
              Editar mis respuestas
            </Button>
            <Link href="/">Volver al inicio</Link>
          </div>
        </section>
      )}
    </>
  );
}

function SurveyForm({
  current,
  onSaved,
  onCancel,
}: {
  current: SurveyWithResponse;
  onSaved: () => void;
  onCancel: (() => void) | undefined;
}) {
  const { survey, response } = current;
  const [answers, setAnswers] = useState<FormAnswers>(() => initialAnswers(response?.answers));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | undefined>();
  const [isPending, setPending] = useState(false);
  const answering = useMutation(answerSurveyMutation(useQueryClient()));
  const formRef = useRef<HTMLDivElement>(null);
  const requiredCount = survey.questions.filter((question) => question.required).length;

  function focusFirstProblem(found: Record<string, string>) {
    const first = survey.questions.find((question) => String(question.id) in found);
    if (!first) return;
    // After React has drawn the messages, so the question is announced with its message.
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>(
        `[data-question="${first.id}"] input:not([disabled]), [data-question="${first.id}"] textarea`,
      );
      field?.focus();
    });
  }

  function change(question: SurveyQuestion, value: FormAnswers[string]) {
    setAnswers((previous) => ({ ...previous, [String(question.id)]: value }));
    setProblems((previous) => afterAnswer(previous, question, value));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setFormMessage(undefined);
    const check = checkForm(survey, answers);
    if (!check.ok) {
      setProblems(check.problems);
      focusFirstProblem(check.problems);
      return;
    }
    setPending(true);
    try {
      await answering.mutateAsync({ surveyId: survey.id, answers: check.answers });
      analytics.track({ event: 'survey_answer', survey_id: survey.id, is_edit: response !== null });
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const found = serverProblems(error.fieldErrors);
        setProblems(found);
        if (Object.keys(found).length === 0) setFormMessage(error.message);
        focusFirstProblem(found);
      } else if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        // The survey closed (or was withdrawn) while the form was open: the server says so.
        setFormMessage(error.message);
      } else {
        reportCallError(error);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div ref={formRef} className="survey__form">
      <p className="survey__intro">{survey.intro}</p>
      <p className="survey__meta">
        Abierta hasta el {formatLongDate(survey.closes_at)}.{' '}
        {requiredCount > 0 ? 'Las preguntas marcadas con * son obligatorias.' : null}
      </p>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => void submit(event)}
        aria-label={survey.title}
        errorMessage={formMessage}
      >
        <ol className="survey__questions">
          {survey.questions.map((question) => (
            <li key={question.id} className="survey__question" data-question={question.id}>
              <QuestionField
                question={question}
                value={answers[String(question.id)]}
                problem={problems[String(question.id)]}
                onChange={(value) => change(question, value)}
              />
            </li>
          ))}
        </ol>
        <div className="survey__actions">
          <Button type="submit" size="lg" isPending={isPending}>
            {response ? 'Guardar los cambios' : 'Enviar mis respuestas'}
          </Button>
          {onCancel ? (
            <Button variant="secondary" size="lg" onPress={onCancel}>
              Cancelar
            </Button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

function QuestionField({
  question,
  value,
  problem,
  onChange,
}: {
  question: SurveyQuestion;
  value: FormAnswers[string] | undefined;
  problem: string | undefined;
  onChange: (value: FormAnswers[string]) => void;
}) {
  const common = {
    label: question.prompt,
    isRequired: question.required,
    isInvalid: problem !== undefined,
    errorMessage: problem,
    name: `answers.${question.id}`,
  };
  const help = question.help ?? undefined;
  switch (question.kind) {
    case 'single':
      return (
        <ChoiceField
          {...common}
          {...(help ? { description: help } : {})}
          selectionMode="single"
          options={question.options}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'multiple':
      return (
        <ChoiceField
          {...common}
          {...(help ? { description: help } : {})}
          selectionMode="multiple"
          options={question.options}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
        />
      );
    case 'rating':
      return (
        <RatingField
          {...common}
          {...(help ? { description: help } : {})}
          minLabel={question.min_label}
          maxLabel={question.max_label}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const limit = surveyTextLimit(question);
      const count = `${formatCount([...text].length)} de ${formatCount(limit)} caracteres.`;
      return (
        <TextField
          {...common}
          description={help ? `${help} ${count}` : count}
          isMultiline
          value={text}
          onChange={onChange}
        />
      );
    }
  }
}
