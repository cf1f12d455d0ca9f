/**
 * /backoffice/surveys/:id/results: a survey's responses (a sales rep's pharmacies' only), a bar chart
 * per choice or rating question with its table, the answers to each text question a page at a time,
 * and 'Descargar CSV' of every response. An admin may close (or open) it from here.
 */
import type { SurveyQuestionResult } from '@botica/api-client/admin';
import type { User } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatDateTime } from '@botica/domain';
import { Badge, EmptyState, Link, Pagination } from '@botica/ui';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { currentUser } from '../auth/session.ts';
import { exportHref, surveyResults, surveyTextAnswers } from './queries.ts';
import { ResultChart } from './result-chart.tsx';
import { surveyStatus } from './status.ts';
import { WindowActions } from './window-actions.tsx';
import './surveys.css';

interface ResultsData {
  id: number;
  isAdmin: boolean;
}

export async function loader({ context, params }: LoaderFunctionArgs): Promise<ResultsData> {
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw data(null, { status: 404 });
  const id = Number(params.id);
  const [queryClient, user] = await Promise.all([queryClientOf(context), currentUser()]);
  await queryClient.fetchQuery(surveyResults(id));
  return { id, isAdmin: (user as User | null)?.role === 'admin' };
}

const responsesText = (count: number) => (count === 1 ? '1 respuesta' : `${formatCount(count)} respuestas`);

/** A text question's answers, newest first, 20 a page. */
function TextAnswers({
  surveyId,
  result,
  number,
}: {
  surveyId: number;
  result: SurveyQuestionResult;
  number: number;
}) {
  const [page, setPage] = useState(1);
  const answers = useQuery({
    ...surveyTextAnswers(surveyId, result.question_id, { page }),
    placeholderData: keepPreviousData,
  });
  const titleId = `question-${result.question_id}-title`;
  return (
    <section className="bo-chart bo-survey-result" aria-labelledby={titleId}>
      <h2 id={titleId} className="bo-chart__title">
        {number}. {result.prompt}
      </h2>
      <p className="bo-survey-result__meta">{responsesText(result.answered)} con texto</p>
      {result.answered === 0 ? (
        <p className="bo-survey-result__meta">Todavía nadie ha escrito una respuesta.</p>
      ) : answers.isError ? (
        <p role="alert">No se han podido cargar las respuestas. Inténtalo de nuevo en unos minutos.</p>
      ) : (
        <ul className="bo-survey-result__texts" aria-busy={answers.isFetching}>
          {answers.data?.data.map((answer, index) => (
            <li key={`${page}-${index}`}>
              <p className="bo-survey-result__text">{answer.text}</p>
              <p className="bo-survey-result__meta">{formatDateTime(answer.answered_at)}</p>
            </li>
          ))}
        </ul>
      )}
      {answers.data && answers.data.meta.last_page > 1 ? (
        <Pagination
          page={answers.data.meta.current_page}
          pageCount={answers.data.meta.last_page}
          onPageChange={setPage}
          isDisabled={answers.isFetching}
          aria-label={`Páginas de respuestas a la pregunta ${number}`}
        />
      ) : null}
    </section>
  );
}

export function Component() {
  const { id, isAdmin } = useLoaderData() as ResultsData;
  const { data: answer } = useSuspenseQuery(surveyResults(id));
  const { survey, responses, questions } = answer.data;
  useDocumentTitle(`Resultados: ${survey.title}`);
  const status = surveyStatus(survey.status);

  return (
    <section className="bo-survey-results" aria-labelledby="survey-results-title">
      <Link href="/surveys" variant="standalone">
        Volver a las encuestas
      </Link>
      <div className="bo-surveys__heading">
        <h1 id="survey-results-title">
          Resultados: {survey.title} <Badge tone={status.tone}>{status.label}</Badge>
        </h1>
        {isAdmin ? (
          <Link href={`/surveys/${id}`} variant="secondary">
            Editar la encuesta
          </Link>
        ) : null}
      </div>
      <p className="bo-surveys__muted">
        Del {formatDateTime(survey.opens_at)} al {formatDateTime(survey.closes_at)} (hora de Madrid).
        {isAdmin ? null : ' Solo cuentan las respuestas de tus farmacias.'}
      </p>
      <div className="bo-survey-results__summary">
        <p className="bo-survey-results__count">
          <strong>{responsesText(responses)}</strong>
        </p>
        <Link
          href={exportHref(id)}
          download
          variant="secondary"
          aria-label={`Descargar CSV de ${responsesText(responses)}`}
        >
          Descargar CSV
        </Link>
        {isAdmin ? <WindowActions survey={survey} isUnanswered={false} /> : null}
      </div>
      {responses === 0 ? (
        <EmptyState
          title="Todavía no hay respuestas"
          description={
            survey.status === 'open'
              ? 'Las respuestas de las farmacias aparecerán aquí en cuanto respondan en el portal.'
              : 'Las farmacias podrán responder mientras la encuesta esté abierta.'
          }
          headingLevel={2}
        />
      ) : null}
      <div className="bo-survey-results__questions">
        {questions.map((result, index) =>
          result.kind === 'text' ? (
            <TextAnswers key={result.question_id} surveyId={id} result={result} number={index + 1} />
          ) : (
            <ResultChart key={result.question_id} result={result} number={index + 1} />
          ),
        )}
      </div>
    </section>
  );
}
