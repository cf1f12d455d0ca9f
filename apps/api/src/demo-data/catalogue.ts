/**
 * The demo catalogue: the two category trees, the tags, and products named after their ingredients,
 * line and form, each in one range and one to three health problems, with volume tiers for some.
 */
import {
  CATEGORY_TREE_HEALTH_PROBLEMS,
  CATEGORY_TREE_RANGES,
  eanFromNationalCode,
  nationalCodeWithCheckDigit,
} from '@botica/domain';
import type {
  banners,
  categories,
  productCategories,
  products,
  productTags,
  tags,
  volumeRules,
} from '../db/schema.ts';
import type { Random } from './random.ts';
import {
  FORMS,
  type FormKey,
  HEALTH_PROBLEMS,
  type HealthProblem,
  INGREDIENTS,
  type IngredientWords,
  RANGES,
  type RangeWords,
  TAGS,
  type TagName,
} from './vocabulary.ts';

export type CategoryRow = typeof categories.$inferInsert & { id: number };
export type TagRow = typeof tags.$inferInsert & { id: number };
/** A demo product's Código Nacional: 100001 and on, with its check digit (distinct up to 900,000 products). */
export function demoNationalCode(id: number): string {
  return nationalCodeWithCheckDigit(String(100_000 + (id % 900_000)));
}

export type ProductRow = typeof products.$inferInsert & { id: number; createdAt: Date };
export type ProductCategoryRow = typeof productCategories.$inferInsert;
export type ProductTagRow = typeof productTags.$inferInsert;
export type VolumeRuleRow = typeof volumeRules.$inferInsert & { id: number };
export type BannerRow = typeof banners.$inferInsert & { id: number };

/** The showcase's banners: seasonal highlights of three ranges. */
const BANNERS = [
  {
    range: 'Defensas',
    title: 'Campaña de invierno: defensas',
    text: 'Equinácea, própolis y vitamina C para los meses de frío. Prepara tu lineal con tiempo.',
  },
  {
    range: 'Descanso y Relax',
    title: 'Descanso sin receta',
    text: 'Valeriana, pasiflora y melatonina: la gama más consultada en el mostrador por la noche.',
  },
  {
    range: 'Articular',
    title: 'Movilidad y articulaciones',
    text: 'Colágeno, harpagofito y cúrcuma con precios por volumen desde 6 unidades.',
  },
] as const;

export interface Catalogue {
  banners: BannerRow[];
  categories: CategoryRow[];
  tags: TagRow[];
  products: ProductRow[];
  productCategories: ProductCategoryRow[];
  productTags: ProductTagRow[];
  volumeRules: VolumeRuleRow[];
}

const DAY_MS = 86_400_000;

/**
 * A URL slug: lower case, no accents, words joined by hyphens.
 * @example slugify('Equinácea Forte 60 cápsulas') // 'equinacea-forte-60-capsulas'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Forms a child can take; the 'Infantil' range keeps to them. */
const CHILD_FORMS: ReadonlySet<FormKey> = new Set([
  'jarabe',
  'gominolas',
  'gotas',
  'masticables',
  'sobres',
  'viales',
  'crema',
  'aceite',
]);

/** How often each form is chosen among those an ingredient allows. */
const FORM_WEIGHTS: Record<FormKey, number> = {
  capsulas: 6,
  comprimidos: 4,
  medicamento: 4,
  masticables: 2,
  sobres: 2,
  jarabe: 2.5,
  viales: 2,
  gotas: 2,
  polvo: 2,
  perlas: 3,
  infusion: 1.5,
  gominolas: 2,
  pastillas: 2,
  spray: 2,
  crema: 3,
  gel: 3,
  serum: 3,
  champu: 3,
  aceite: 2.5,
};

/** Forms whose name may carry the ingredient's strength ('Cúrcuma Forte 500 mg'). */
const STRENGTH_FORMS: ReadonlySet<FormKey> = new Set(['capsulas', 'comprimidos', 'medicamento', 'perlas']);

/** Volume tiers: from `min` units, `percent` off the unit price. The first tier is never below 4 units. */
const TIER_SETS: readonly (readonly (readonly [number, number])[])[] = [
  [
    [6, 5],
    [12, 10],
    [24, 15],
  ],
  [
    [4, 3],
    [8, 6],
  ],
  [
    [10, 5],
    [20, 10],
  ],
  [
    [6, 4],
    [12, 8],
    [36, 12],
  ],
  [
    [5, 5],
    [10, 8],
  ],
];

const CLOSINGS = {
  10: [
    'No superar la dosis diaria expresamente recomendada.',
    'Los complementos alimenticios no deben utilizarse como sustituto de una dieta variada y equilibrada y un estilo de vida saludable.',
    'Mantener fuera del alcance de los niños más pequeños.',
    'Conservar en lugar fresco y seco, protegido de la luz.',
  ],
  21: [
    'Uso externo; evitar el contacto con los ojos.',
    'Dermatológicamente testado.',
    'Apto para pieles sensibles.',
  ],
  4: ['Lea las instrucciones del prospecto y consulte a su farmacéutico.'],
} as const;

interface CategoryIds {
  range: Map<string, number>;
  problem: Map<HealthProblem, number>;
}

function buildCategories(): { rows: CategoryRow[]; ids: CategoryIds } {
  const rows: CategoryRow[] = [
    { id: CATEGORY_TREE_RANGES, name: 'Gamas', slug: 'gamas', parentId: null, position: 0 },
    {
      id: CATEGORY_TREE_HEALTH_PROBLEMS,
      name: 'Problemas de salud',
      slug: 'problemas-de-salud',
      parentId: null,
      position: 1,
    },
  ];
  const ids: CategoryIds = { range: new Map(), problem: new Map() };
  const slugs = new Set(rows.map((row) => row.slug));
  const add = (name: string, parentId: number, position: number): number => {
    let slug = slugify(name);
    if (slugs.has(slug)) slug = `${slug}-${parentId}`;
    slugs.add(slug);
    const id = rows.length + 1;
    rows.push({ id, name, slug, parentId, position });
    return id;
  };
  RANGES.forEach((range, position) => {
    ids.range.set(range.name, add(range.name, CATEGORY_TREE_RANGES, position));
  });
  HEALTH_PROBLEMS.forEach((problem, position) => {
    ids.problem.set(problem, add(problem, CATEGORY_TREE_HEALTH_PROBLEMS, position));
  });
  return { rows, ids };
}

function priceCents(random: Random, [low, high]: readonly [number, number]): number {
  const euros = Math.floor(random.int(low, high) / 100);
  const cents = random.pick([95, 95, 50, 90, 0, 45, 75]);
  return Math.min(6000, Math.max(300, euros * 100 + cents));
}

function stockUnits(random: Random): number {
  const draw = random.next();
  if (draw < 0.05) return 0;
  if (draw < 0.15) return random.int(1, 9);
  return random.int(12, 480);
}

function describe(
  random: Random,
  name: string,
  formKey: FormKey,
  primary: IngredientWords,
  secondary: IngredientWords | undefined,
): string {
  const form = FORMS[formKey];
  const composition = secondary ? `${primary.source}, con ${secondary.source}` : primary.source;
  const sentences = [`${name} es ${form.kind} a base de ${composition}.`];
  if (random.chance(0.85)) sentences.push(primary.benefit);
  sentences.push(random.pick(form.usage));
  if (form.vatRate === 4 || random.chance(0.55)) sentences.push(random.pick(CLOSINGS[form.vatRate]));
  return sentences.join(' ');
}

function chooseTags(random: Random, formKey: FormKey, range: RangeWords, isNew: boolean): TagName[] {
  const chosen: TagName[] = [];
  const form = FORMS[formKey];
  const animal = formKey === 'perlas' || formKey === 'gominolas';
  if (!animal && random.chance(0.35)) chosen.push('Vegano');
  else if (!animal && random.chance(0.15)) chosen.push('Vegetariano');
  if (random.chance(0.45)) chosen.push('Sin gluten');
  if (random.chance(0.25)) chosen.push('Sin lactosa');
  if (form.vatRate === 10 && random.chance(0.12)) chosen.push('Sin azúcares añadidos');
  if (random.chance(0.08)) chosen.push('Ecológico');
  if (form.vatRate === 10 && formKey !== 'jarabe' && formKey !== 'gominolas' && random.chance(0.1)) {
    chosen.push('Apto diabéticos');
  }
  if (random.chance(0.08)) chosen.push('Sin conservantes');
  if (random.chance(0.2)) chosen.push('Fabricado en España');
  if (isNew) chosen.push('Novedad');
  if (random.chance(0.05)) chosen.push('Promoción');
  if (random.chance(0.04)) chosen.push('Más vendido');
  if (random.chance(0.03)) chosen.push('Pack ahorro');
  if (random.chance(0.08)) chosen.push('Exclusivo farmacia');
  if ((range.name === 'Defensas' || range.name === 'Respiratorio') && random.chance(0.25)) {
    chosen.push('Recomendado en temporada');
  }
  return chosen;
}

/** Options of the catalogue generator. */
export interface CatalogueOptions {
  count: number;
  now: Date;
  random: Random;
}

/** Generates the category trees, tags, `count` products and their links and volume tiers. */
export function generateCatalogue({ count, now, random }: CatalogueOptions): Catalogue {
  const { rows: categoryRows, ids: categoryIds } = buildCategories();
  const tagRows: TagRow[] = TAGS.map((name, index) => ({ id: index + 1, name, slug: slugify(name) }));
  const tagIds = new Map<string, number>(tagRows.map((tag) => [tag.name, tag.id]));

  const ingredientsByRange = new Map<string, IngredientWords[]>(
    RANGES.map((range) => [range.name, INGREDIENTS.filter((item) => item.ranges.includes(range.name))]),
  );
  const rangeWeights = RANGES.map((range) => [range, range.weight] as const);

  const productRows: ProductRow[] = [];
  const links: ProductCategoryRow[] = [];
  const tagLinks: ProductTagRow[] = [];
  const rules: VolumeRuleRow[] = [];
  const names = new Set<string>();
  const shownNames = new Set<string>();
  const slugs = new Set<string>();
  const nowMs = now.getTime();

  for (let index = 0; index < count; index += 1) {
    const id = index + 1;
    const reference = `BT-${String(10_000 + index * 3 + random.int(0, 2)).padStart(5, '0')}`;

    let range: RangeWords = RANGES[0];
    let primary: IngredientWords | undefined;
    let secondary: IngredientWords | undefined;
    let formKey: FormKey = 'capsulas';
    let name = '';
    let format = '';
    for (let attempt = 0; ; attempt += 1) {
      range = random.weighted(rangeWeights);
      const candidates = ingredientsByRange.get(range.name) ?? [];
      primary = random.pick(candidates);
      const forms =
        range.name === 'Infantil' ? primary.forms.filter((form) => CHILD_FORMS.has(form)) : primary.forms;
      if (forms.length === 0) continue;
      formKey = random.weighted(forms.map((form) => [form, FORM_WEIGHTS[form]] as const));
      const form: (typeof FORMS)[FormKey] = FORMS[formKey];
      const others = candidates.filter((item) => item !== primary);
      secondary =
        form.vatRate === 10 && others.length > 0 && random.chance(0.3) ? random.pick(others) : undefined;
      const line = formKey === 'medicamento' ? '' : random.pick(range.lines);
      const strengths = primary.strengths ?? [];
      const strength =
        STRENGTH_FORMS.has(formKey) &&
        strengths.length > 0 &&
        (formKey === 'medicamento' || random.chance(0.35))
          ? random.pick(strengths)
          : '';
      const base = secondary ? `${primary.name} + ${secondary.name}` : primary.name;
      name = [base, line, strength, form.label].filter((part) => part !== '').join(' ');
      format = random.pick(form.formats);
      if (!names.has(`${name}|${format}`)) break;
      if (attempt >= 40) {
        // The combinations run out only for very large catalogues: number the editions.
        let edition = 2;
        while (names.has(`${name} ${edition}|${format}`)) edition += 1;
        name = `${name} ${edition}`;
        break;
      }
    }
    names.add(`${name}|${format}`);
    let slug = slugify(`${name} ${format}`);
    // The same product in another pack size: its name says which, so no two products share a name
    // (a search result or an order line shows the name). No random draw, so the rest stays as it was.
    if (shownNames.has(name)) name = `${name} ${format}`;
    shownNames.add(name);
    if (slugs.has(slug)) slug = `${slug}-${slugify(reference)}`;
    slugs.add(slug);

    const form = FORMS[formKey];
    const ageDays = random.int(0, 3 * 365);
    const createdAt = new Date(nowMs - ageDays * DAY_MS - random.int(0, DAY_MS - 1));
    productRows.push({
      id,
      reference,
      name,
      slug,
      description: describe(random, name, formKey, primary, secondary),
      format,
      priceCents: priceCents(random, form.price),
      vatRate: form.vatRate,
      stockUnits: stockUnits(random),
      imageCount: random.chance(0.05)
        ? 0
        : random.weighted([
            [1, 5],
            [2, 3],
            [3, 2],
          ] as const),
      imageHue: range.hue,
      // Every box has its Código Nacional and EAN (from the id, no random draw: the rest stays as it was).
      nationalCode: demoNationalCode(id),
      ean: eanFromNationalCode(demoNationalCode(id)),
      isActive: true,
      isFeatured: random.chance(0.05),
      createdAt,
    });

    links.push({ productId: id, categoryId: categoryIds.range.get(range.name) as number });
    const problems = [...new Set([...primary.problems, ...(secondary?.problems ?? [])])];
    for (const problem of random.sample(problems, random.int(1, Math.min(3, problems.length)))) {
      links.push({ productId: id, categoryId: categoryIds.problem.get(problem) as number });
    }
    for (const tag of chooseTags(random, formKey, range, ageDays < 60)) {
      tagLinks.push({ productId: id, tagId: tagIds.get(tag) as number });
    }
    if (random.chance(0.3)) {
      for (const [minQuantity, discountPercent] of random.pick(TIER_SETS)) {
        rules.push({ id: rules.length + 1, productId: id, minQuantity, discountPercent });
      }
    }
  }

  const banners: BannerRow[] = BANNERS.map((banner, index) => {
    const range = RANGES.find((candidate) => candidate.name === banner.range) as RangeWords;
    return {
      id: index + 1,
      title: banner.title,
      text: banner.text,
      href: `/catalog?gama=${categoryIds.range.get(banner.range) as number}`,
      hue: range.hue,
      position: index,
      isActive: true,
    };
  });

  return {
    banners,
    categories: categoryRows,
    tags: tagRows,
    products: productRows,
    productCategories: links,
    productTags: tagLinks,
    volumeRules: rules,
  };
}
