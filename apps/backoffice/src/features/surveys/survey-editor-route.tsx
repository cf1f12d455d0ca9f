/**
 * /backoffice/surveys/new and /backoffice/surveys/:id: an admin writes a survey — its title,
 * introduction, dates (typed `dd/mm/aaaa hh:mm`, Madrid), whether it is still a draft, and its
 * questions (added, edited, moved up and down, removed) — sees it as the portal will show it, saves it,
 * and opens, closes or deletes it. Once a pharmacy has answered, its questions are shown read-only
 * (the server refuses to change them) while the title, introduction and dates still change.
 */
import { isApiError } from '@botica/api-client';
import type { AdminSurvey } from '@botica/api-client/admin';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, instantOfMadridWallClock } from '@botica/domain';
import { Badge, Button, Dialog, Form, Link, Switch, showToast, TextField } from '@botica/ui';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { data, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { reportCallError } from '../../shared/errors.ts';
import { apiMinute } from './dates.ts';
import {
  blankQuestion,
  blankSurvey,
  type EditorQuestion,
  type EditorSurvey,
  editorSurvey,
  moved,
  previewQuestions,
  requestProblems,
  serverProblems,
  surveyRequest,
} from './editor-state.ts';
import { saveSurveyMutation, surveyDetail } from './queries.ts';
import { QuestionEditor } from './question-editor.tsx';
import { surveyStatus } from './status.ts';
import { SurveyPreview } from './survey-preview.tsx';
import { WindowActions } from './window-actions.tsx';
import './surveys.css';

/** The path's survey id, or null on /surveys/new; anything else is a 404. */
function idOf(param: string | undefined): number | null {
  if (param === undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(param)) throw data(null, { status: 404 });
  return Number(param);
}

export async function loader({ context, params }: LoaderFunctionArgs) {
  const id = idOf(params.id);
  if (id === null) return null;
  const queryClient = await queryClientOf(context);
  return queryClient.fetchQuery(surveyDetail(id));
}

export function Component() {
  const id = idOf(useParams().id);
  return id === null ? <NewSurvey /> : <StoredSurvey id={id} />;
}

function NewSurvey() {
  useDocumentTitle('Nueva encuesta');
  return <SurveyEditor stored={null} />;
}

function StoredSurvey({ id }: { id: number }) {
  const { data: answer } = useSuspenseQuery(surveyDetail(id));
  useDocumentTitle(`Encuesta: ${answer.data.title}`);
  const survey = answer.data;
  // Opening or closing changes the dates: the form starts again from what the server stored.
  return <SurveyEditor key={`${survey.status}|${survey.opens_at}|${survey.closes_at}`} stored={survey} />;
}

/** The typed close as an instant, for the preview's 'Abierta hasta el …'. */
function closeInstant(typed: string): Date | null {
  const minute = apiMinute(typed);
  return minute === null ? null : instantOfMadridWallClock(minute);
}

function SurveyEditor({ stored }: { stored: AdminSurvey | null }) {
  const navigate = useNavigate();
  const [editor, setEditor] = useState<EditorSurvey>(() => (stored ? editorSurvey(stored) : blankSurvey()));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formMessage, setFormMessage] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const save = useMutation(saveSurveyMutation(useQueryClient(), stored?.id ?? null));
  const formRef = useRef<HTMLDivElement>(null);
  const isFrozen = stored !== null && !stored.questions_editable;

  /** A field's problem goes once the field changes (the next send checks it again). */
  const forget = (isStale: (field: string) => boolean) =>
    setProblems((previous) =>
      Object.keys(previous).some(isStale)
        ? Object.fromEntries(Object.entries(previous).filter(([field]) => !isStale(field)))
        : previous,
    );
  const set = (change: Partial<EditorSurvey>) => {
    setEditor((previous) => ({ ...previous, ...change }));
    const fields = Object.keys(change).map((name) =>
      name === 'opensAt' ? 'opens_at' : name === 'closesAt' ? 'closes_at' : name,
    );
    // A moved date may cure the other's problem (the close before the opening).
    forget(
      (field) =>
        fields.includes(field) || (fields.some((name) => name.endsWith('_at')) && field.endsWith('_at')),
    );
  };
  const setQuestions = (update: (questions: EditorQuestion[]) => EditorQuestion[]) =>
    setEditor((previous) => ({ ...previous, questions: update(previous.questions) }));
  /** A question's change: its own problems go (moves and removals renumber them: all go). */
  const changeQuestion = (index: number, next: EditorQuestion) => {
    setQuestions((questions) => questions.map((each, at) => (at === index ? next : each)));
    forget((field) => field.startsWith(`questions.${index}.`) || field === 'questions');
  };
  const invalid = (name: string) => ({
    isInvalid: problems[name] !== undefined,
    errorMessage: problems[name],
  });

  /** After React has drawn the messages, the first field with a problem takes the focus. */
  function focusFirstProblem() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input')?.focus();
    });
  }

  function move(index: number, by: -1 | 1) {
    const count = editor.questions.length;
    setQuestions((questions) => moved(questions, index, by));
    forget((field) => field.startsWith('questions'));
    const to = index + by + 1;
    setAnnouncement(`Pregunta movida a la posición ${to} de ${count}.`);
    // The focus follows the question to its new place (or the other button at either end).
    requestAnimationFrame(() => {
      const first = by === -1 ? `Subir la pregunta ${to}` : `Bajar la pregunta ${to}`;
      const other = by === -1 ? `Bajar la pregunta ${to}` : `Subir la pregunta ${to}`;
      const button = (label: string) =>
        formRef.current?.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]:not([disabled])`);
      (button(first) ?? button(other))?.focus();
    });
  }

  function remove(index: number) {
    setQuestions((questions) => questions.filter((_, at) => at !== index));
    forget((field) => field.startsWith('questions'));
    setAnnouncement(`Pregunta ${index + 1} eliminada.`);
  }

  function add() {
    const number = editor.questions.length + 1;
    setQuestions((questions) => [...questions, blankQuestion()]);
    setAnnouncement(`Pregunta ${number} añadida.`);
    requestAnimationFrame(() => {
      const fieldsets = formRef.current?.querySelectorAll<HTMLElement>('.bo-survey-question');
      fieldsets?.[fieldsets.length - 1]?.querySelector<HTMLElement>('select')?.focus();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormMessage(undefined);
    const request = surveyRequest(editor, isFrozen ? stored?.questions : undefined);
    const found = requestProblems(request);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setFormMessage('Revisa los campos marcados.');
      focusFirstProblem();
      return;
    }
    try {
      const { data: saved } = await save.mutateAsync(request);
      showToast({
        title: 'Encuesta guardada',
        description: `«${saved.title}» se ha guardado.`,
        tone: 'success',
      });
      if (!stored) void navigate(`/surveys/${saved.id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setProblems(serverProblems(error.fieldErrors));
        setFormMessage(error.message);
        focusFirstProblem();
      } else if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        setFormMessage(error.message);
      } else {
        reportCallError(error);
      }
    }
  }

  const status = stored ? surveyStatus(stored.status) : null;
  const title = stored ? stored.title : 'Nueva encuesta';

  return (
    <section className="bo-survey-editor" aria-labelledby="survey-editor-title">
      <Link href="/surveys" variant="standalone">
        Volver a las encuestas
      </Link>
      <div className="bo-surveys__heading">
        <h1 id="survey-editor-title">
          {title} {status ? <Badge tone={status.tone}>{status.label}</Badge> : null}
        </h1>
        {stored ? (
          <Link href={`/surveys/${stored.id}/results`} variant="secondary">
            Ver resultados ({formatCount(stored.responses)})
          </Link>
        ) : null}
      </div>
      {stored ? (
        <WindowActions
          survey={stored}
          isUnanswered={stored.questions_editable}
          onDeleted={() => void navigate('/surveys')}
        />
      ) : null}
      <div ref={formRef}>
        <Form
          validationBehavior="aria"
          onSubmit={(event) => void submit(event)}
          errorMessage={formMessage}
          className="bo-survey-editor__form"
        >
          <div className="bo-survey-editor__card">
            <h2>Encuesta</h2>
            <TextField
              label="Título"
              value={editor.title}
              onChange={(value) => set({ title: value })}
              isRequired
              {...invalid('title')}
            />
            <TextField
              label="Introducción"
              description="Por qué pregunta el laboratorio, en una o dos frases."
              isMultiline
              rows={3}
              value={editor.intro}
              onChange={(intro) => set({ intro })}
              {...invalid('intro')}
            />
            <div className="bo-survey-editor__dates">
              <TextField
                label="Abre"
                description="dd/mm/aaaa hh:mm, hora de Madrid."
                value={editor.opensAt}
                onChange={(opensAt) => set({ opensAt })}
                isRequired
                {...invalid('opens_at')}
              />
              <TextField
                label="Cierra"
                description="dd/mm/aaaa hh:mm, hora de Madrid."
                value={editor.closesAt}
                onChange={(closesAt) => set({ closesAt })}
                isRequired
                {...invalid('closes_at')}
              />
            </div>
            <Switch
              isSelected={editor.draft}
              onChange={(draft) => set({ draft })}
              description="Un borrador no se muestra a las farmacias, aunque llegue su fecha de apertura."
            >
              Borrador
            </Switch>
          </div>

          <div className="bo-survey-editor__card">
            <h2>Preguntas</h2>
            {isFrozen ? (
              <>
                <p className="bo-survey-editor__notice" role="note">
                  Esta encuesta ya tiene respuestas: sus preguntas no se pueden cambiar. Puedes cambiar el
                  título, la introducción y las fechas.
                </p>
                <ol className="bo-survey-editor__frozen">
                  {stored?.questions.map((question) => (
                    <li key={question.id}>{question.prompt}</li>
                  ))}
                </ol>
              </>
            ) : (
              <>
                {problems.questions ? (
                  <p className="bo-survey-question__error" role="alert">
                    {problems.questions}
                  </p>
                ) : null}
                <div className="bo-survey-editor__questions">
                  {editor.questions.map((question, index) => (
                    <QuestionEditor
                      key={question.key}
                      question={question}
                      index={index}
                      count={editor.questions.length}
                      problems={problems}
                      onChange={(next) => changeQuestion(index, next)}
                      onMove={(by) => move(index, by)}
                      onRemove={() => remove(index)}
                    />
                  ))}
                </div>
                <Button variant="secondary" onPress={add}>
                  Añadir pregunta
                </Button>
              </>
            )}
            <p className="bt-visually-hidden" role="status">
              {announcement}
            </p>
          </div>

          <div className="bo-survey-editor__submit">
            <Button type="submit" isPending={save.isPending}>
              {stored ? 'Guardar los cambios' : 'Crear la encuesta'}
            </Button>
            <Button variant="secondary" onPress={() => setPreviewOpen(true)}>
              Vista previa
            </Button>
          </div>
        </Form>
      </div>
      {isPreviewOpen ? (
        <Dialog
          title="Vista previa en el portal"
          isOpen
          onOpenChange={setPreviewOpen}
          size="lg"
          footer={(close) => (
            <Button variant="secondary" onPress={close}>
              Cerrar la vista previa
            </Button>
          )}
        >
          <SurveyPreview
            title={editor.title}
            intro={editor.intro}
            closesAt={closeInstant(editor.closesAt)}
            questions={isFrozen && stored ? stored.questions : previewQuestions(editor)}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
