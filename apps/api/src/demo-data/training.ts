/**
 * The demo training content: a year of webinars (past ones with recordings and materials,
 * upcoming ones, the first of them starting within minutes of `now` so its join link is open), the
 * scientific materials as real PDF files with their tags, twelve monthly newsletters as PDFs, and
 * twenty news posts with structured bodies and drawn pictures. Deterministic for a seed and `now`.
 */
import type { RichText } from '@botica/api-client/schemas';
import {
  closeSentence,
  formatLongDate,
  isSpanishNationalHoliday,
  madridDay,
  madridInstant,
  withPreposition,
} from '@botica/domain';
import type {
  materialProducts,
  materials,
  materialTagLinks,
  materialTags,
  newsletters,
  posts,
  trainingFiles,
  webinarProducts,
  webinars,
} from '../db/schema.ts';
import { renderPdf } from '../training/pdf.ts';
import type { ProductRow } from './catalogue.ts';
import type { Random } from './random.ts';
import { MATERIAL_TAGS, NEWS, PLANTS, type PlantWords, SPEAKERS, WEBINAR_TOPICS } from './training-words.ts';

export type WebinarRow = typeof webinars.$inferInsert & { id: number };
export type WebinarProductRow = typeof webinarProducts.$inferInsert;
export type TrainingFileRow = typeof trainingFiles.$inferInsert & { id: number };
export type MaterialTagRow = typeof materialTags.$inferInsert & { id: number };
export type MaterialRow = typeof materials.$inferInsert & { id: number };
export type MaterialTagLinkRow = typeof materialTagLinks.$inferInsert;
export type MaterialProductRow = typeof materialProducts.$inferInsert;
export type NewsletterRow = typeof newsletters.$inferInsert & { id: number };
export type PostRow = typeof posts.$inferInsert & { id: number };

export interface Training {
  webinars: WebinarRow[];
  webinarProducts: WebinarProductRow[];
  trainingFiles: TrainingFileRow[];
  materialTags: MaterialTagRow[];
  materials: MaterialRow[];
  materialTagLinks: MaterialTagLinkRow[];
  materialProducts: MaterialProductRow[];
  newsletters: NewsletterRow[];
  posts: PostRow[];
}

/** How many of WEBINAR_TOPICS are in the past (the rest are upcoming). */
export const PAST_WEBINARS = 14;

const DAY = 86_400_000;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function capitalise(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function plant(name: string): PlantWords {
  const found = PLANTS.find((candidate) => candidate.name === name);
  if (!found) throw new RangeError(`unknown plant ${name}`);
  return found;
}

/**
 * The Madrid day `days` from `now` at the given wall-clock time, moved on to the next working day when
 * it falls on a weekend or a national holiday (nobody holds a webinar on Christmas Day).
 */
export function dayAt(now: Date, days: number, hour: number, minute: number): Date {
  const { year, month, day } = madridDay(new Date(now.getTime() + days * DAY));
  let date = new Date(Date.UTC(year, month - 1, day, 12));
  const isWorkingDay = (candidate: Date) => {
    const weekday = candidate.getUTCDay();
    return (
      weekday !== 0 &&
      weekday !== 6 &&
      !isSpanishNationalHoliday({
        year: candidate.getUTCFullYear(),
        month: candidate.getUTCMonth() + 1,
        day: candidate.getUTCDate(),
      })
    );
  };
  while (!isWorkingDay(date)) date = new Date(date.getTime() + DAY);
  return madridInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, minute);
}

function pdfFile(id: number, name: string, document: Parameters<typeof renderPdf>[0]): TrainingFileRow {
  const content = renderPdf(document);
  return { id, name, contentType: 'application/pdf', size: content.length, content };
}

function webinarDescription(words: PlantWords, speaker: (typeof SPEAKERS)[number], title: string): string[] {
  return [
    `${speaker.name} (${speaker.title}) repasa en «${title}» lo que hoy sabemos ${withPreposition('de', words.the)} (${words.latin}; parte utilizada: ${words.part}), cuyos componentes de interés son ${words.components}.`,
    `Veremos su ${words.use}, cómo leer la etiqueta de un complemento para saber qué cantidad de extracto aporta y cómo elegir entre las presentaciones disponibles.`,
    `La segunda parte es práctica: casos reales de mostrador, el consejo (${words.advice}) y las precauciones que conviene recordar (${words.caution}).`,
    'Al final habrá un turno de preguntas. Los farmacéuticos inscritos reciben la grabación y el material de la sesión en el Histórico de webinars.',
  ];
}

function relatedProducts(products: readonly ProductRow[], words: PlantWords, random: Random): number[] {
  const key = slugify(words.name.split(' ')[0] ?? words.name);
  const matching = products.filter(
    (product) => product.isActive !== false && slugify(product.name).includes(key),
  );
  const pool = matching.length > 0 ? matching : products.filter((product) => product.isActive !== false);
  return random.sample(pool, matching.length > 0 ? 3 : 2).map((product) => product.id);
}

/**
 * The products a plant's materials are about: the first few named after it (no draw of the random
 * stream, so the rest of the demo stays as it was).
 */
function plantProducts(products: readonly ProductRow[], words: PlantWords): number[] {
  const key = slugify(words.name.split(' ')[0] ?? words.name);
  return products
    .filter((product) => product.isActive !== false && slugify(product.name).includes(key))
    .slice(0, 3)
    .map((product) => product.id);
}

function postBody(words: PlantWords, excerpt: string, speaker: (typeof SPEAKERS)[number]): RichText {
  return [
    { type: 'paragraph', children: [{ text: excerpt }] },
    { type: 'heading', level: 2, children: [{ text: `${capitalise(words.the)}, en pocas palabras` }] },
    {
      type: 'paragraph',
      children: [
        { text: `${words.name} (` },
        { text: words.latin, italic: true },
        { text: `): parte utilizada, ${words.part}. Sus componentes principales son ${words.components}.` },
      ],
    },
    {
      type: 'paragraph',
      children: [
        { text: 'Según la monografía del Comité de Medicamentos a base de Plantas (HMPC) de la EMA, tiene ' },
        { text: words.use, bold: true },
        { text: '.' },
      ],
    },
    { type: 'heading', level: 2, children: [{ text: 'En el mostrador' }] },
    {
      type: 'list',
      style: 'bullet',
      items: [
        [{ text: `Consejo: ${words.advice}.` }],
        [{ text: `Precaución: ${words.caution}.` }],
        [
          { text: 'Encontrarás la monografía completa en ' },
          { text: 'Material Científico', href: '/formacion/materiales' },
          { text: '.' },
        ],
      ],
    },
    {
      type: 'quote',
      children: [
        {
          text: `«La farmacia es el mejor lugar para un consejo seguro con plantas medicinales: conocemos la medicación de cada persona.» — ${speaker.name}`,
        },
      ],
    },
    {
      type: 'paragraph',
      children: [
        { text: 'Más información en la ' },
        { text: 'agenda de webinars', href: '/formacion/agenda-webinars' },
        { text: ' y en la web de la ' },
        { text: 'Agencia Europea del Medicamento', href: 'https://www.ema.europa.eu/es' },
        { text: '.' },
      ],
    },
  ];
}

/**
 * Generates the training content for `now`.
 * @example const training = generateTraining({ now, random: random.fork('training'), products });
 */
export function generateTraining(options: {
  now: Date;
  random: Random;
  products: readonly ProductRow[];
}): Training {
  const { now, random } = options;
  const result: Training = {
    webinars: [],
    webinarProducts: [],
    trainingFiles: [],
    materialTags: MATERIAL_TAGS.map((tag, index) => ({ id: index + 1, name: tag.name, slug: tag.slug })),
    materials: [],
    materialTagLinks: [],
    materialProducts: [],
    newsletters: [],
    posts: [],
  };
  const tagId = new Map(result.materialTags.map((tag) => [tag.slug, tag.id]));

  // Webinars: fourteen over the past year, then the agenda. The first upcoming one starts on the
  // first five-minute mark at least five minutes away (so within ten): its join link, which opens 15
  // minutes before the start, is open as soon as the demo starts.
  const upcomingOffsets = [6, 16, 30, 47, 70];
  WEBINAR_TOPICS.forEach((topic, index) => {
    const words = plant(topic.plant);
    const speaker = SPEAKERS[index % SPEAKERS.length] as (typeof SPEAKERS)[number];
    const isPast = index < PAST_WEBINARS;
    const upcoming = index - PAST_WEBINARS;
    const eveningHour = index % 3 === 0 ? 18 : 17;
    const eveningMinute = index % 3 === 0 ? 30 : 0;
    const startsAt = isPast
      ? dayAt(now, -(350 - index * 25), eveningHour, eveningMinute)
      : upcoming === 0
        ? new Date(Math.ceil((now.getTime() + 5 * 60_000) / 300_000) * 300_000)
        : dayAt(now, upcomingOffsets[upcoming - 1] ?? 90, eveningHour, eveningMinute);
    const slug = slugify(topic.title);
    const id = index + 1;
    result.webinars.push({
      id,
      title: topic.title,
      topic: topic.topic,
      summary: `${speaker.name} explica el uso ${withPreposition('de', words.the)} en la farmacia: evidencia, formas, consejo y precauciones.`,
      description: webinarDescription(words, speaker, topic.title),
      speakerName: speaker.name,
      speakerTitle: speaker.title,
      startsAt,
      durationMinutes: index % 4 === 1 ? 90 : 60,
      joinUrl: `https://directo.botica.example/webinar/${slug}`,
      recordingUrl: isPast ? `https://formacion.botica.example/grabaciones/${slug}` : null,
      createdAt: new Date(Math.min(now.getTime(), startsAt.getTime() - 30 * DAY)),
    });
    relatedProducts(options.products, words, random).forEach((productId, position) => {
      result.webinarProducts.push({ webinarId: id, productId, position });
    });
  });

  // Materials: a monograph and a counter guide or evidence review per plant, as PDFs.
  let fileId = 0;
  PLANTS.forEach((words, index) => {
    const kinds = [
      { kind: 'Monografía', tag: 'monografia', file: 'monografia' },
      index % 2 === 0
        ? { kind: 'Guía de consejo farmacéutico', tag: 'consejo-farmaceutico', file: 'guia-consejo' }
        : { kind: 'Revisión de la evidencia', tag: 'evidencia-clinica', file: 'revision-evidencia' },
    ];
    kinds.forEach((kind, kindIndex) => {
      const id = result.materials.length + 1;
      const publishedAt = dayAt(now, -(360 - index * 28 - kindIndex * 9), 9, 0);
      const title = `${kind.kind}: ${words.name}`;
      fileId += 1;
      const file = pdfFile(fileId, `${kind.file}-${slugify(words.name)}.pdf`, {
        title,
        subtitle: `${words.latin} · Botica, departamento científico · ${formatLongDate(publishedAt)}`,
        sections: [
          {
            heading: 'Descripción',
            paragraphs: [
              `${closeSentence(`Droga vegetal: ${words.part} de ${words.latin}`)} Componentes de interés: ${words.components}.`,
            ],
          },
          { heading: 'Uso', paragraphs: [`Según la monografía europea (HMPC), ${words.use}.`] },
          { heading: 'Consejo en la farmacia', paragraphs: [`Recomendación práctica: ${words.advice}.`] },
          {
            heading: 'Precauciones e interacciones',
            paragraphs: [`${words.caution[0]?.toUpperCase()}${words.caution.slice(1)}.`],
          },
          {
            heading: 'Bibliografía',
            paragraphs: [
              `European Medicines Agency. ${closeSentence(`Community herbal monograph on ${words.latin}`)} Committee on Herbal Medicinal Products (HMPC).`,
              'Real Farmacopea Española, 5.ª edición. Ministerio de Sanidad.',
            ],
          },
        ],
        footer: `Botica · ${title} · Documento para profesionales sanitarios`,
        author: 'Botica, departamento científico',
        date: publishedAt,
      });
      result.trainingFiles.push(file);
      const webinar = result.webinars.find(
        (candidate) =>
          candidate.recordingUrl !== null && WEBINAR_TOPICS[candidate.id - 1]?.plant === words.name,
      );
      result.materials.push({
        id,
        title,
        description: `${kind.kind} sobre ${words.the} (${words.latin}) para el equipo de la farmacia: uso, consejo y precauciones.`,
        publishedAt,
        fileId: file.id,
        webinarId: kindIndex === 0 && webinar ? webinar.id : null,
      });
      // The products of the plant's webinars first: a product shown on a webinar has its papers too.
      const fromWebinars = result.webinarProducts
        .filter((link) => WEBINAR_TOPICS[link.webinarId - 1]?.plant === words.name)
        .map((link) => link.productId);
      [...new Set([...fromWebinars, ...plantProducts(options.products, words)])]
        .slice(0, 6)
        .forEach((productId, position) => {
          result.materialProducts.push({ materialId: id, productId, position });
        });
      for (const slug of new Set([...words.tags, kind.tag])) {
        const tag = tagId.get(slug);
        if (tag !== undefined) result.materialTagLinks.push({ materialId: id, tagId: tag });
      }
    });
  });

  // Newsletters: the last twelve months, on the 5th at 09:00 in Madrid.
  const today = madridDay(now);
  for (let back = 12; back >= 1; back -= 1) {
    const months = today.year * 12 + (today.month - 1) - back;
    const year = Math.floor(months / 12);
    const month = (months % 12) + 1;
    const publishedAt = madridInstant(year, month, 5, 9, 0);
    const featured = PLANTS[(12 - back) % PLANTS.length] as PlantWords;
    const title = `Boletín de Formación · ${MONTHS[month - 1]} de ${year}`;
    fileId += 1;
    const file = pdfFile(fileId, `boletin-formacion-${year}-${String(month).padStart(2, '0')}.pdf`, {
      title,
      subtitle: 'El boletín mensual del laboratorio para las farmacias',
      sections: [
        {
          heading: `La planta del mes: ${featured.name}`,
          paragraphs: [
            `${featured.latin} (parte utilizada: ${featured.part}): ${featured.use}.`,
            `Consejo: ${featured.advice}.`,
          ],
        },
        {
          heading: 'Webinars',
          paragraphs: [
            'Consulta la agenda de webinars en el portal: las sesiones se emiten en directo por la tarde y quedan grabadas en el Histórico para los farmacéuticos registrados.',
          ],
        },
        {
          heading: 'Noticias del laboratorio',
          paragraphs: [
            'Novedades de producto, resultados de control de calidad de las últimas cosechas y el calendario de campañas de temporada.',
          ],
        },
      ],
      footer: `Botica · ${title}`,
      author: 'Botica',
      date: publishedAt,
    });
    result.trainingFiles.push(file);
    result.newsletters.push({
      id: result.newsletters.length + 1,
      title,
      summary: `${capitalise(featured.the)} como planta del mes, la agenda de webinars y las novedades del laboratorio.`,
      publishedAt,
      fileId: file.id,
    });
  }

  // News: twenty posts over the past year, newest first in NEWS.
  NEWS.forEach((item, index) => {
    const words = plant(item.plant);
    const speaker = SPEAKERS[(index + 2) % SPEAKERS.length] as (typeof SPEAKERS)[number];
    result.posts.push({
      id: index + 1,
      title: item.title,
      excerpt: item.excerpt,
      category: item.category,
      author: index % 3 === 0 ? 'Redacción Botica' : speaker.name,
      body: postBody(words, item.excerpt, speaker),
      imageMotif: words.name,
      imageHue: words.hue,
      imageAlt: `Ilustración botánica: ${words.name} (${words.latin})`,
      publishedAt: dayAt(now, -(2 + index * 17), 8, 30),
      isPublished: true,
    });
  });

  return result;
}
