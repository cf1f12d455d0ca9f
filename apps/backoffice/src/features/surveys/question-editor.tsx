/**
 * One question of the survey editor: its kind, text, help and whether it is required, then what its
 * kind needs (options, the most choices, a rating's words, a text's lengths), with 'Subir', 'Bajar'
 * and 'Eliminar' buttons a keyboard reaches like any other. Problems show under their field, keyed as
 * the server keys them (`questions.2.options.0.label`).
 */

import type { SurveyQuestionKind } from '@botica/domain';
import { Button, Checkbox, NativeSelect, TextField } from '@botica/ui';
import { type EditorOption, type EditorQuestion, newKey, QUESTION_KINDS } from './editor-state.ts';

export interface QuestionEditorProps {
  question: EditorQuestion;
  /** Its position, from 0. */
  index: number;
  count: number;
  /** Problems by field (the whole survey's). */
  problems: Readonly<Record<string, string>>;
  onChange: (question: EditorQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function QuestionEditor({
  question,
  index,
  count,
  problems,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const number = index + 1;
  const field = (name: string) => `questions.${index}.${name}`;
  const problem = (name: string) => problems[field(name)];
  const invalid = (name: string) => ({ isInvalid: problem(name) !== undefined, errorMessage: problem(name) });
  const set = (change: Partial<EditorQuestion>) => onChange({ ...question, ...change });
  const setOption = (position: number, change: Partial<EditorOption>) =>
    set({
      options: question.options.map((option, at) => (at === position ? { ...option, ...change } : option)),
    });
  const isChoice = question.kind === 'single' || question.kind === 'multiple';

  return (
    <fieldset className="bo-survey-question">
      <legend className="bo-survey-question__legend">Pregunta {number}</legend>
      <div className="bo-survey-question__moves">
        <Button
          variant="secondary"
          size="sm"
          isDisabled={index === 0}
          onPress={() => onMove(-1)}
          aria-label={`Subir la pregunta ${number}`}
        >
          Subir
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={index === count - 1}
          onPress={() => onMove(1)}
          aria-label={`Bajar la pregunta ${number}`}
        >
          Bajar
        </Button>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={count === 1}
          onPress={onRemove}
          aria-label={`Eliminar la pregunta ${number}`}
        >
          Eliminar
        </Button>
      </div>
      <div className="bo-survey-question__fields">
        <NativeSelect
          label="Tipo"
          options={QUESTION_KINDS}
          value={question.kind}
          onChange={(kind: SurveyQuestionKind) => set({ kind })}
        />
        <TextField
          label="Pregunta"
          value={question.prompt}
          onChange={(prompt) => set({ prompt })}
          isRequired
          {...invalid('prompt')}
          className="bo-survey-question__wide"
        />
        <TextField
          label="Ayuda (opcional)"
          description="Una línea bajo la pregunta."
          value={question.help}
          onChange={(help) => set({ help })}
          {...invalid('help')}
          className="bo-survey-question__wide"
        />
        <Checkbox isSelected={question.required} onChange={(required) => set({ required })}>
          Obligatoria
        </Checkbox>
      </div>
      {isChoice ? (
        <div className="bo-survey-question__options">
          <p className="bo-survey-question__label" id={`${question.key}-options`}>
            Opciones
          </p>
          {problem('options') ? (
            <p className="bo-survey-question__error" role="alert">
              {problem('options')}
            </p>
          ) : null}
          <ol className="bo-survey-question__option-list" aria-labelledby={`${question.key}-options`}>
            {question.options.map((option, position) => (
              <li key={option.key} className="bo-survey-question__option">
                <TextField
                  label={`Opción ${position + 1}`}
                  value={option.label}
                  onChange={(label) => setOption(position, { label })}
                  isRequired
                  {...invalid(`options.${position}.label`)}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  isDisabled={question.options.length <= 2}
                  onPress={() => set({ options: question.options.filter((_, at) => at !== position) })}
                  aria-label={`Quitar la opción ${position + 1} de la pregunta ${number}`}
                >
                  Quitar
                </Button>
              </li>
            ))}
          </ol>
          <div className="bo-survey-question__row">
            <Button
              variant="secondary"
              size="sm"
              onPress={() => set({ options: [...question.options, { key: newKey('o'), label: '' }] })}
              aria-label={`Añadir opción a la pregunta ${number}`}
            >
              Añadir opción
            </Button>
            {question.kind === 'multiple' ? (
              <TextField
                label="Máximo de opciones por respuesta (opcional)"
                description="Vacío: cualquier número."
                inputMode="numeric"
                value={question.maxChoices}
                onChange={(maxChoices) => set({ maxChoices })}
                {...invalid('max_choices')}
              />
            ) : null}
          </div>
        </div>
      ) : null}
      {question.kind === 'rating' ? (
        <div className="bo-survey-question__pair">
          <TextField
            label="Qué significa 1"
            value={question.minLabel}
            onChange={(minLabel) => set({ minLabel })}
            isRequired
            {...invalid('min_label')}
          />
          <TextField
            label="Qué significa 5"
            value={question.maxLabel}
            onChange={(maxLabel) => set({ maxLabel })}
            isRequired
            {...invalid('max_label')}
          />
        </div>
      ) : null}
      {question.kind === 'text' ? (
        <div className="bo-survey-question__pair">
          <TextField
            label="Mínimo de caracteres (opcional)"
            inputMode="numeric"
            value={question.minLength}
            onChange={(minLength) => set({ minLength })}
            {...invalid('min_length')}
          />
          <TextField
            label="Máximo de caracteres"
            inputMode="numeric"
            value={question.maxLength}
            onChange={(maxLength) => set({ maxLength })}
            isRequired
            {...invalid('max_length')}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
