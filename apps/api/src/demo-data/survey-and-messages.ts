/**
 * The demo's 'Te escuchamos' surveys and the laboratory's messages: an
 * open survey about the products and the portal, a closed one about the training, and four messages
 * (an active recall of a real product of the catalogue, an upcoming holiday closure, a price update
 * and one that has ended). Dates are relative to `now`; nothing here is random.
 */
import { formatLongDate } from '@botica/domain';
import type { labMessages, surveyQuestions, surveys } from '../db/schema.ts';
import type { ProductRow } from './catalogue.ts';

export type SurveyRow = typeof surveys.$inferInsert & { id: number };
export type SurveyQuestionRow = typeof surveyQuestions.$inferInsert & { id: number };
export type LabMessageRow = typeof labMessages.$inferInsert & { id: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** A question without its ids and survey, the generator numbers them. */
type QuestionDraft = Omit<SurveyQuestionRow, 'id' | 'surveyId' | 'position' | 'options'> & {
  options?: readonly string[];
};

const question = {
  single: (
    prompt: string,
    options: readonly string[],
    extra: Partial<QuestionDraft> = {},
  ): QuestionDraft => ({
    kind: 'single',
    prompt,
    options,
    isRequired: true,
    ...extra,
  }),
  multiple: (
    prompt: string,
    options: readonly string[],
    extra: Partial<QuestionDraft> = {},
  ): QuestionDraft => ({ kind: 'multiple', prompt, options, isRequired: false, ...extra }),
  rating: (prompt: string, minLabel: string, maxLabel: string, extra: Partial<QuestionDraft> = {}) =>
    ({ kind: 'rating', prompt, minLabel, maxLabel, isRequired: true, ...extra }) as QuestionDraft,
  text: (prompt: string, maxLength: number, extra: Partial<QuestionDraft> = {}): QuestionDraft => ({
    kind: 'text',
    prompt,
    maxLength,
    isRequired: false,
    ...extra,
  }),
};

/** Every optional column, so every row sets the same columns (the seeder inserts them as one set). */
const NO_LIMITS = {
  help: null,
  maxChoices: null,
  minLength: null,
  maxLength: null,
  minLabel: null,
  maxLabel: null,
} as const;

const OPEN_SURVEY: readonly QuestionDraft[] = [
  question.single('¿Con qué frecuencia haces pedidos a través del portal?', [
    'Varias veces por semana',
    'Una vez por semana',
    'Una o dos veces al mes',
    'Con menos frecuencia',
  ]),
  question.rating('¿Cómo valoras la calidad de nuestros productos de fitoterapia?', 'Muy mala', 'Excelente'),
  question.multiple(
    '¿Qué gamas te gustaría que ampliásemos?',
    ['Descanso y relajación', 'Defensas', 'Digestión', 'Articulaciones', 'Piel y cabello', 'Infantil'],
    { help: 'Elige hasta tres.', maxChoices: 3 },
  ),
  question.rating('¿Te resulta fácil hacer un pedido en el portal?', 'Muy difícil', 'Muy fácil'),
  question.single(
    '¿Recomiendas nuestros productos a los clientes de tu farmacia?',
    ['Sí, a menudo', 'A veces', 'Casi nunca'],
    { isRequired: false },
  ),
  question.text('¿Qué podríamos mejorar?', 1000, {
    help: 'Productos, plazos de entrega, el portal, la formación… Cuéntanos lo que quieras.',
  }),
];

const CLOSED_SURVEY: readonly QuestionDraft[] = [
  question.rating('¿Qué te parecieron los webinars del último trimestre?', 'Nada útiles', 'Muy útiles'),
  question.multiple('¿Sobre qué temas te gustaría recibir formación?', [
    'Plantas para el sueño',
    'Fitoterapia infantil',
    'Interacciones con medicamentos',
    'Dermocosmética natural',
  ]),
  question.text('¿Alguna sugerencia para la formación?', 500),
];

/** The surveys, their questions and the messages of the demo. */
export interface SurveyAndMessagesData {
  surveys: SurveyRow[];
  surveyQuestions: SurveyQuestionRow[];
  labMessages: LabMessageRow[];
}

export function generateSurveyAndMessages(options: {
  now: Date;
  products: readonly ProductRow[];
}): SurveyAndMessagesData {
  const { now } = options;
  const surveyRows: SurveyRow[] = [
    {
      id: 1,
      title: 'Formación para farmacias',
      intro: 'Ayúdanos a preparar la formación del próximo semestre.',
      opensAt: daysFrom(now, -120),
      closesAt: daysFrom(now, -60),
      createdAt: daysFrom(now, -121),
    },
    {
      id: 2,
      title: '¿Qué te parecen nuestros productos y el portal?',
      intro:
        'Queremos saber cómo trabajas con nosotros para mejorar nuestras plantas, nuestros plazos y este portal. Son seis preguntas y te llevará un par de minutos; puedes cambiar tus respuestas mientras la encuesta esté abierta.',
      opensAt: daysFrom(now, -10),
      closesAt: daysFrom(now, 21),
      createdAt: daysFrom(now, -11),
    },
  ];
  const questionRows: SurveyQuestionRow[] = [];
  const drafts: [number, readonly QuestionDraft[]][] = [
    [1, CLOSED_SURVEY],
    [2, OPEN_SURVEY],
  ];
  for (const [surveyId, list] of drafts) {
    list.forEach(({ options = [], ...draft }, index) => {
      questionRows.push({
        ...NO_LIMITS,
        ...draft,
        id: questionRows.length + 1,
        surveyId,
        position: index + 1,
        options: options.map((label, optionIndex) => ({ id: optionIndex + 1, label })),
      });
    });
  }

  const recalled = options.products[0];
  const recallName = recalled ? `${recalled.name} (${recalled.reference})` : 'un producto del catálogo';
  const closure = daysFrom(now, 9);
  const newPrices = daysFrom(now, 15);
  const messages: LabMessageRow[] = [
    {
      id: 1,
      kind: 'recall',
      severity: 'critical',
      title: `Retirada del lote L2611-043 de ${recalled?.name ?? 'un producto'}`,
      body: [
        `Por precaución, retiramos del mercado el lote L2611-043 de ${recallName}: en un control de calidad rutinario hemos detectado un etiquetado con la fecha de caducidad incorrecta. El producto no supone ningún riesgo para la salud.`,
        'Te pedimos que compruebes tus existencias y apartes las unidades de ese lote. Nuestro equipo comercial pasará a recogerlas en los próximos días y te abonaremos todas las unidades en tu próxima factura.',
        'Si algún cliente te pregunta, puede seguir usando el producto con tranquilidad. Para cualquier duda, escribe a administración de ventas o llama a tu comercial.',
      ].join('\n\n'),
      startsAt: daysFrom(now, -2),
      endsAt: daysFrom(now, 28),
      createdAt: daysFrom(now, -2),
    },
    {
      id: 2,
      kind: 'holiday',
      severity: 'warning',
      title: `Almacén cerrado el ${formatLongDate(closure)}`,
      body: [
        `El ${formatLongDate(closure)} nuestro almacén permanecerá cerrado por la fiesta local y no saldrán pedidos.`,
        'Los pedidos que envíes el día anterior después de las 14:00 saldrán el siguiente día laborable. Si necesitas algo con urgencia, envía tu pedido antes.',
        'Gracias por tu comprensión.',
      ].join('\n\n'),
      startsAt: daysFrom(now, -1),
      endsAt: daysFrom(closure, 1),
      createdAt: daysFrom(now, -1),
    },
    {
      id: 3,
      kind: 'prices',
      severity: 'info',
      title: 'Nuevas tarifas de la gama Descanso',
      body: [
        `A partir del ${formatLongDate(newPrices)} actualizamos los precios de la gama Descanso y relajación, de media un 3 %.`,
        'Los pedidos que envíes hasta el día anterior mantienen los precios actuales. Verás los nuevos precios en el catálogo desde esa fecha, con tus condiciones especiales de siempre.',
      ].join('\n\n'),
      startsAt: daysFrom(now, -5),
      endsAt: daysFrom(newPrices, 14),
      createdAt: daysFrom(now, -5),
    },
    {
      id: 4,
      kind: 'general',
      severity: 'info',
      title: 'Horario de verano del equipo comercial',
      body: 'Durante el verano el equipo comercial atiende de 8:00 a 15:00, de lunes a viernes.',
      startsAt: daysFrom(now, -90),
      endsAt: daysFrom(now, -20),
      createdAt: daysFrom(now, -90),
    },
  ];
  return { surveys: surveyRows, surveyQuestions: questionRows, labMessages: messages };
}
