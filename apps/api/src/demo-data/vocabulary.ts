/**
 * The Spanish words the demo catalogue is made of: ranges, health problems, tags, ingredients,
 * product forms and lines. Food-supplement language only: no medical claims.
 */

/** A product range (category tree 1, the 'gama'). */
export interface RangeWords {
  name: string;
  /** Hue of the generated product images of the range, 0–359. */
  hue: number;
  /** How often the range is chosen for a product. */
  weight: number;
  /** Product lines that fit the range ('Forte', 'Noche'…); '' is no line. */
  lines: readonly string[];
}

export const RANGES = [
  { name: 'Defensas', hue: 30, weight: 10, lines: ['Forte', 'Plus', 'Complex', 'Flash', 'Duo', ''] },
  { name: 'Descanso y Relax', hue: 260, weight: 10, lines: ['Noche', 'Relax', 'Forte', 'Plus', 'Duo', ''] },
  { name: 'Digestivo', hue: 85, weight: 9, lines: ['Digest', 'Complex', 'Plus', 'Detox', 'Forte', ''] },
  { name: 'Articular', hue: 205, weight: 9, lines: ['Forte', 'Plus', 'Complex', 'Flex', 'Sport', ''] },
  { name: 'Circulación', hue: 0, weight: 7, lines: ['Forte', 'Plus', 'Complex', 'Duo', ''] },
  {
    name: 'Energía y Vitalidad',
    hue: 55,
    weight: 9,
    lines: ['Sport', 'Activ', 'Forte', 'Max', 'Senior', ''],
  },
  { name: 'Belleza', hue: 325, weight: 9, lines: ['Beauty', 'Plus', 'Complex', 'Intensive', 'Bio', ''] },
  { name: 'Infantil', hue: 150, weight: 6, lines: ['Junior', 'Kids'] },
  { name: 'Mujer', hue: 290, weight: 7, lines: ['Mujer', 'Complex', 'Plus', 'Forte', ''] },
  { name: 'Control de Peso', hue: 120, weight: 6, lines: ['Slim', 'Detox', 'Complex', 'Plus', ''] },
  { name: 'Respiratorio', hue: 180, weight: 6, lines: ['Forte', 'Plus', 'Complex', 'Duo', ''] },
  { name: 'Urinario', hue: 230, weight: 5, lines: ['Forte', 'Plus', 'Complex', 'Duo', ''] },
] as const satisfies readonly RangeWords[];

export type RangeName = (typeof RANGES)[number]['name'];

/** The health problems (category tree 2). */
export const HEALTH_PROBLEMS = [
  'Resfriado y gripe',
  'Tos',
  'Defensas bajas',
  'Insomnio',
  'Estrés y ansiedad',
  'Dolor articular',
  'Dolor muscular',
  'Digestiones pesadas',
  'Estreñimiento',
  'Gases e hinchazón',
  'Piernas cansadas',
  'Colesterol',
  'Cansancio',
  'Falta de memoria',
  'Caída del cabello',
  'Piel seca',
  'Cistitis',
  'Retención de líquidos',
  'Menopausia',
  'Sobrepeso',
] as const;

export type HealthProblem = (typeof HEALTH_PROBLEMS)[number];

/** The product tags. */
export const TAGS = [
  'Vegano',
  'Vegetariano',
  'Sin gluten',
  'Sin lactosa',
  'Sin azúcares añadidos',
  'Ecológico',
  'Apto diabéticos',
  'Sin conservantes',
  'Fabricado en España',
  'Novedad',
  'Promoción',
  'Más vendido',
  'Pack ahorro',
  'Exclusivo farmacia',
  'Recomendado en temporada',
] as const;

export type TagName = (typeof TAGS)[number];

/** How a product is presented, with its formats, usage, VAT and price band. */
export interface FormWords {
  /** Added to the product name ('Jarabe', 'Crema'…); '' adds nothing. */
  label: string;
  formats: readonly string[];
  /** Usage sentences; one is chosen. */
  usage: readonly string[];
  /** 21 % for cosmetics, 4 % for traditional herbal medicines, 10 % for food supplements. */
  vatRate: 4 | 10 | 21;
  /** What the product is, for the first sentence ('un complemento alimenticio en cápsulas'). */
  kind: string;
  /** Price band in cents, VAT excluded. */
  price: readonly [number, number];
}

export const FORMS = {
  capsulas: {
    label: '',
    formats: ['30 cápsulas', '60 cápsulas', '90 cápsulas', '120 cápsulas'],
    usage: [
      'Tomar 1 cápsula al día con un vaso de agua, preferentemente con el desayuno.',
      'Tomar 2 cápsulas al día con un vaso de agua, repartidas entre las comidas.',
      'Tomar 1 o 2 cápsulas al día con un poco de agua.',
    ],
    vatRate: 10,
    kind: 'un complemento alimenticio en cápsulas vegetales',
    price: [600, 3200],
  },
  comprimidos: {
    label: '',
    formats: ['30 comprimidos', '60 comprimidos', '45 comprimidos'],
    usage: [
      'Tomar 1 comprimido al día con un vaso de agua.',
      'Tomar 1 comprimido dos veces al día, con el desayuno y la cena.',
    ],
    vatRate: 10,
    kind: 'un complemento alimenticio en comprimidos',
    price: [500, 2800],
  },
  medicamento: {
    label: '',
    formats: ['30 comprimidos recubiertos', '60 comprimidos recubiertos', '40 comprimidos recubiertos'],
    usage: [
      'Adultos: 1 comprimido dos o tres veces al día; no utilizar más de dos semanas seguidas sin consultar al farmacéutico.',
    ],
    vatRate: 4,
    kind: 'un medicamento tradicional a base de plantas',
    price: [450, 1400],
  },
  masticables: {
    label: 'Masticable',
    formats: ['30 comprimidos masticables', '60 comprimidos masticables'],
    usage: ['Masticar 1 comprimido al día, preferentemente por la mañana.'],
    vatRate: 10,
    kind: 'un complemento alimenticio en comprimidos masticables',
    price: [600, 1600],
  },
  sobres: {
    label: 'Sobres',
    formats: ['14 sobres', '20 sobres', '30 sobres'],
    usage: [
      'Disolver 1 sobre al día en un vaso de agua.',
      'Disolver el contenido de 1 sobre en medio vaso de agua o zumo y tomar a continuación.',
    ],
    vatRate: 10,
    kind: 'un complemento alimenticio en sobres bebibles',
    price: [800, 3000],
  },
  jarabe: {
    label: 'Jarabe',
    formats: ['150 ml', '200 ml', '250 ml'],
    usage: [
      'Tomar 10 ml al día con el vasito dosificador incluido.',
      'Tomar 5 ml tres veces al día; agitar antes de usar.',
    ],
    vatRate: 10,
    kind: 'un complemento alimenticio en jarabe',
    price: [700, 1800],
  },
  viales: {
    label: 'Viales',
    formats: ['20 viales bebibles', '10 viales bebibles', '30 viales bebibles'],
    usage: ['Tomar 1 vial al día, preferentemente en ayunas.', 'Tomar el contenido de 1 vial por la mañana.'],
    vatRate: 10,
    kind: 'un complemento alimenticio en viales bebibles',
    price: [1200, 3500],
  },
  gotas: {
    label: 'Gotas',
    formats: ['50 ml', '30 ml', '100 ml'],
    usage: ['Diluir 30 gotas en un vaso de agua, una o dos veces al día.'],
    vatRate: 10,
    kind: 'un extracto líquido en gotas',
    price: [800, 2000],
  },
  polvo: {
    label: '',
    formats: ['100 g', '250 g', '300 g', '350 g'],
    usage: ['Disolver 1 cacito dosificador al día en agua, zumo, leche o yogur.'],
    vatRate: 10,
    kind: 'un complemento alimenticio en polvo',
    price: [1500, 4500],
  },
  perlas: {
    label: '',
    formats: ['60 perlas', '90 perlas', '120 perlas'],
    usage: ['Tomar 2 perlas al día con las comidas.'],
    vatRate: 10,
    kind: 'un complemento alimenticio en perlas',
    price: [900, 3200],
  },
  infusion: {
    label: 'Infusión',
    formats: ['20 bolsitas', '25 bolsitas', '100 g'],
    usage: [
      'Infundir 1 bolsita en una taza de agua recién hervida durante 5 minutos; de 2 a 3 tazas al día.',
    ],
    vatRate: 10,
    kind: 'una infusión de plantas',
    price: [300, 900],
  },
  gominolas: {
    label: 'Gominolas',
    formats: ['30 gominolas', '60 gominolas'],
    usage: ['Tomar 1 o 2 gominolas al día y masticar bien antes de tragar.'],
    vatRate: 10,
    kind: 'un complemento alimenticio en gominolas de sabor fresa',
    price: [700, 1600],
  },
  pastillas: {
    label: 'Pastillas',
    formats: ['24 pastillas', '36 pastillas'],
    usage: ['Dejar disolver lentamente 1 pastilla en la boca, hasta 6 pastillas al día.'],
    vatRate: 10,
    kind: 'un producto en pastillas para chupar sin azúcar',
    price: [400, 900],
  },
  spray: {
    label: 'Spray',
    formats: ['30 ml', '20 ml'],
    usage: ['Aplicar 2 o 3 pulverizaciones en la garganta, hasta 4 veces al día.'],
    vatRate: 10,
    kind: 'un spray bucal',
    price: [600, 1400],
  },
  crema: {
    label: 'Crema',
    formats: ['50 ml', '75 ml', '100 ml'],
    usage: ['Aplicar sobre la piel limpia dos veces al día con un suave masaje hasta su completa absorción.'],
    vatRate: 21,
    kind: 'una crema de uso cosmético',
    price: [800, 3500],
  },
  gel: {
    label: 'Gel',
    formats: ['100 ml', '200 ml', '250 ml'],
    usage: ['Aplicar sobre la zona con un masaje ascendente, por la mañana y por la noche.'],
    vatRate: 21,
    kind: 'un gel de uso tópico',
    price: [700, 2200],
  },
  serum: {
    label: 'Sérum',
    formats: ['30 ml', '15 ml'],
    usage: ['Aplicar unas gotas sobre el rostro limpio por la noche, antes de la crema habitual.'],
    vatRate: 21,
    kind: 'un sérum facial',
    price: [1500, 4000],
  },
  champu: {
    label: 'Champú',
    formats: ['250 ml', '300 ml', '500 ml'],
    usage: ['Aplicar sobre el cabello húmedo, masajear el cuero cabelludo y aclarar; apto para uso diario.'],
    vatRate: 21,
    kind: 'un champú',
    price: [700, 1800],
  },
  aceite: {
    label: 'Aceite',
    formats: ['30 ml', '50 ml', '100 ml'],
    usage: ['Aplicar unas gotas sobre la piel limpia y seca, masajeando hasta su absorción.'],
    vatRate: 21,
    kind: 'un aceite corporal',
    price: [800, 2600],
  },
} as const satisfies Record<string, FormWords>;

export type FormKey = keyof typeof FORMS;

/** An ingredient a product is named after: its composition text and what it is traditionally used for. */
export interface IngredientWords {
  name: string;
  /** For the composition sentence, e.g. 'extracto seco de raíz de valeriana (Valeriana officinalis L.)'. */
  source: string;
  /** For the indication sentence; food-supplement language. */
  benefit: string;
  ranges: readonly RangeName[];
  problems: readonly HealthProblem[];
  forms: readonly FormKey[];
  /** Strengths that may follow the name ('500 mg'). */
  strengths?: readonly string[];
}

export const INGREDIENTS: readonly IngredientWords[] = [
  {
    name: 'Equinácea',
    source: 'extracto seco de raíz de equinácea (Echinacea purpurea L.)',
    benefit:
      'La equinácea se ha utilizado tradicionalmente para apoyar las defensas naturales del organismo.',
    ranges: ['Defensas', 'Respiratorio', 'Infantil'],
    problems: ['Resfriado y gripe', 'Defensas bajas'],
    forms: ['capsulas', 'comprimidos', 'jarabe', 'gotas', 'gominolas'],
    strengths: ['250 mg', '500 mg'],
  },
  {
    name: 'Própolis',
    source: 'extracto de própolis de colmenas de la península',
    benefit: 'El própolis es un producto de la colmena muy apreciado en los meses fríos.',
    ranges: ['Defensas', 'Respiratorio', 'Infantil'],
    problems: ['Resfriado y gripe', 'Tos', 'Defensas bajas'],
    forms: ['spray', 'pastillas', 'jarabe', 'gotas', 'capsulas'],
  },
  {
    name: 'Vitamina C',
    source: 'vitamina C (ácido L-ascórbico) y bioflavonoides de cítricos',
    benefit: 'La vitamina C contribuye al funcionamiento normal del sistema inmunitario.',
    ranges: ['Defensas', 'Energía y Vitalidad', 'Infantil'],
    problems: ['Defensas bajas', 'Resfriado y gripe', 'Cansancio'],
    forms: ['comprimidos', 'masticables', 'sobres', 'gominolas'],
    strengths: ['500 mg', '1000 mg'],
  },
  {
    name: 'Saúco',
    source: 'extracto de baya de saúco (Sambucus nigra L.)',
    benefit: 'El saúco es una planta tradicional de la herboristería de invierno.',
    ranges: ['Defensas', 'Respiratorio'],
    problems: ['Resfriado y gripe', 'Tos'],
    forms: ['jarabe', 'capsulas', 'gominolas'],
  },
  {
    name: 'Zinc',
    source: 'zinc en forma de bisglicinato, de alta absorción',
    benefit:
      'El zinc contribuye al funcionamiento normal del sistema inmunitario y al mantenimiento del cabello.',
    ranges: ['Defensas', 'Belleza'],
    problems: ['Defensas bajas', 'Caída del cabello'],
    forms: ['comprimidos', 'capsulas'],
    strengths: ['15 mg', '25 mg'],
  },
  {
    name: 'Valeriana',
    source: 'extracto seco de raíz de valeriana (Valeriana officinalis L.)',
    benefit: 'La valeriana ayuda a relajarse y favorece un descanso nocturno de calidad.',
    ranges: ['Descanso y Relax'],
    problems: ['Insomnio', 'Estrés y ansiedad'],
    forms: ['capsulas', 'comprimidos', 'medicamento', 'gotas', 'infusion'],
    strengths: ['300 mg', '450 mg'],
  },
  {
    name: 'Pasiflora',
    source: 'extracto seco de parte aérea de pasiflora (Passiflora incarnata L.)',
    benefit: 'La pasiflora contribuye a la relajación y al bienestar mental.',
    ranges: ['Descanso y Relax', 'Mujer'],
    problems: ['Estrés y ansiedad', 'Insomnio'],
    forms: ['capsulas', 'comprimidos', 'medicamento', 'gotas', 'infusion'],
    strengths: ['200 mg', '400 mg'],
  },
  {
    name: 'Melisa',
    source: 'extracto de hoja de melisa (Melissa officinalis L.)',
    benefit: 'La melisa ayuda a mantener la calma y favorece una digestión confortable.',
    ranges: ['Descanso y Relax', 'Digestivo'],
    problems: ['Estrés y ansiedad', 'Insomnio', 'Gases e hinchazón'],
    forms: ['capsulas', 'infusion', 'gotas'],
  },
  {
    name: 'Amapola de California',
    source: 'extracto de parte aérea de amapola de California (Eschscholzia californica Cham.)',
    benefit: 'La amapola de California contribuye a conciliar el sueño de forma natural.',
    ranges: ['Descanso y Relax'],
    problems: ['Insomnio'],
    forms: ['capsulas', 'gotas'],
  },
  {
    name: 'Melatonina',
    source: 'melatonina de origen vegetal',
    benefit: 'La melatonina contribuye a disminuir el tiempo necesario para conciliar el sueño.',
    ranges: ['Descanso y Relax'],
    problems: ['Insomnio'],
    forms: ['comprimidos', 'gotas', 'gominolas', 'capsulas'],
    strengths: ['1 mg', '1,9 mg'],
  },
  {
    name: 'Ashwagandha',
    source: 'extracto de raíz de ashwagandha (Withania somnifera L.)',
    benefit: 'La ashwagandha es una planta adaptógena que ayuda a afrontar el estrés del día a día.',
    ranges: ['Descanso y Relax', 'Energía y Vitalidad'],
    problems: ['Estrés y ansiedad', 'Cansancio'],
    forms: ['capsulas', 'comprimidos'],
    strengths: ['300 mg', '600 mg'],
  },
  {
    name: 'Tila',
    source: 'inflorescencias de tila (Tilia platyphyllos Scop.)',
    benefit: 'La tila es la planta clásica para acompañar los momentos de nervios.',
    ranges: ['Descanso y Relax'],
    problems: ['Estrés y ansiedad'],
    forms: ['infusion', 'capsulas'],
  },
  {
    name: 'Alcachofa',
    source: 'extracto seco de hoja de alcachofa (Cynara scolymus L.)',
    benefit: 'La alcachofa favorece la digestión de las comidas copiosas y la función hepática.',
    ranges: ['Digestivo', 'Control de Peso'],
    problems: ['Digestiones pesadas', 'Colesterol', 'Retención de líquidos'],
    forms: ['capsulas', 'comprimidos', 'viales', 'gotas'],
    strengths: ['400 mg', '600 mg'],
  },
  {
    name: 'Cardo Mariano',
    source: 'extracto de fruto de cardo mariano (Silybum marianum L.) estandarizado en silimarina',
    benefit: 'El cardo mariano ayuda a mantener la función hepática normal.',
    ranges: ['Digestivo'],
    problems: ['Digestiones pesadas', 'Colesterol'],
    forms: ['capsulas', 'comprimidos', 'gotas'],
    strengths: ['200 mg', '300 mg'],
  },
  {
    name: 'Diente de León',
    source: 'extracto de raíz de diente de león (Taraxacum officinale Weber)',
    benefit: 'El diente de león favorece las funciones de eliminación del organismo.',
    ranges: ['Digestivo', 'Control de Peso', 'Urinario'],
    problems: ['Digestiones pesadas', 'Retención de líquidos'],
    forms: ['capsulas', 'infusion', 'gotas'],
  },
  {
    name: 'Jengibre',
    source: 'extracto de rizoma de jengibre (Zingiber officinale Roscoe)',
    benefit: 'El jengibre contribuye a una digestión confortable.',
    ranges: ['Digestivo', 'Defensas'],
    problems: ['Digestiones pesadas', 'Gases e hinchazón', 'Resfriado y gripe'],
    forms: ['capsulas', 'infusion', 'pastillas'],
  },
  {
    name: 'Probióticos',
    source: 'una combinación de 10 cepas de lactobacilos y bifidobacterias (10.000 millones de UFC)',
    benefit: 'Sus cepas contribuyen al equilibrio de la flora intestinal.',
    ranges: ['Digestivo', 'Infantil', 'Defensas'],
    problems: ['Estreñimiento', 'Gases e hinchazón', 'Defensas bajas'],
    forms: ['capsulas', 'sobres', 'gotas'],
  },
  {
    name: 'Boldo',
    source: 'extracto de hoja de boldo (Peumus boldus Molina)',
    benefit: 'El boldo se ha utilizado tradicionalmente tras las comidas abundantes.',
    ranges: ['Digestivo'],
    problems: ['Digestiones pesadas'],
    forms: ['infusion', 'capsulas'],
  },
  {
    name: 'Hinojo',
    source: 'fruto de hinojo dulce (Foeniculum vulgare Mill.) y anís verde',
    benefit: 'El hinojo ayuda a reducir la sensación de hinchazón tras las comidas.',
    ranges: ['Digestivo', 'Infantil'],
    problems: ['Gases e hinchazón'],
    forms: ['infusion', 'gotas', 'capsulas'],
  },
  {
    name: 'Ciruela y Sen',
    source: 'pulpa de ciruela pasa, fibra de psyllium y hoja de sen (Cassia angustifolia Vahl)',
    benefit: 'La fibra de psyllium contribuye al tránsito intestinal normal.',
    ranges: ['Digestivo'],
    problems: ['Estreñimiento'],
    forms: ['comprimidos', 'sobres', 'infusion'],
  },
  {
    name: 'Harpagofito',
    source: 'extracto seco de raíz de harpagofito (Harpagophytum procumbens DC.)',
    benefit: 'El harpagofito ayuda a mantener la movilidad y la flexibilidad de las articulaciones.',
    ranges: ['Articular'],
    problems: ['Dolor articular', 'Dolor muscular'],
    forms: ['capsulas', 'comprimidos', 'medicamento', 'gel', 'crema'],
    strengths: ['400 mg', '600 mg'],
  },
  {
    name: 'Cúrcuma',
    source: 'extracto de rizoma de cúrcuma (Curcuma longa L.) con pimienta negra',
    benefit: 'La cúrcuma contribuye al bienestar de las articulaciones y a la función hepática.',
    ranges: ['Articular', 'Digestivo'],
    problems: ['Dolor articular', 'Digestiones pesadas'],
    forms: ['capsulas', 'comprimidos', 'polvo'],
    strengths: ['500 mg', '1000 mg'],
  },
  {
    name: 'Colágeno',
    source: 'colágeno marino hidrolizado con ácido hialurónico y vitamina C',
    benefit:
      'La vitamina C contribuye a la formación normal de colágeno para el funcionamiento de cartílagos y piel.',
    ranges: ['Articular', 'Belleza'],
    problems: ['Dolor articular', 'Piel seca'],
    forms: ['polvo', 'sobres', 'viales', 'comprimidos'],
  },
  {
    name: 'Magnesio',
    source: 'citrato y bisglicinato de magnesio',
    benefit:
      'El magnesio contribuye a disminuir el cansancio y la fatiga y al funcionamiento normal de los músculos.',
    ranges: ['Articular', 'Energía y Vitalidad', 'Descanso y Relax'],
    problems: ['Cansancio', 'Dolor muscular', 'Estrés y ansiedad'],
    forms: ['comprimidos', 'sobres', 'polvo', 'capsulas'],
    strengths: ['300 mg', '375 mg'],
  },
  {
    name: 'Glucosamina',
    source: 'sulfato de glucosamina, condroitina y MSM',
    benefit: 'Una fórmula clásica para el cuidado de las articulaciones en personas activas.',
    ranges: ['Articular'],
    problems: ['Dolor articular'],
    forms: ['comprimidos', 'sobres', 'capsulas'],
    strengths: ['750 mg', '1500 mg'],
  },
  {
    name: 'Árnica',
    source: 'extracto de flor de árnica (Arnica montana L.) y aceite esencial de romero',
    benefit: 'Su textura fresca resulta agradable tras el ejercicio.',
    ranges: ['Articular'],
    problems: ['Dolor muscular', 'Dolor articular'],
    forms: ['gel', 'crema', 'aceite'],
  },
  {
    name: 'Ginkgo',
    source: 'extracto seco de hoja de ginkgo (Ginkgo biloba L.)',
    benefit: 'El ginkgo contribuye a mantener la función cognitiva y una buena circulación.',
    ranges: ['Circulación', 'Energía y Vitalidad'],
    problems: ['Falta de memoria', 'Piernas cansadas'],
    forms: ['capsulas', 'comprimidos', 'gotas'],
    strengths: ['60 mg', '120 mg'],
  },
  {
    name: 'Castaño de Indias',
    source: 'extracto seco de semilla de castaño de Indias (Aesculus hippocastanum L.)',
    benefit: 'El castaño de Indias ayuda a aliviar la sensación de piernas pesadas.',
    ranges: ['Circulación'],
    problems: ['Piernas cansadas', 'Retención de líquidos'],
    forms: ['capsulas', 'comprimidos', 'medicamento', 'gel'],
    strengths: ['250 mg', '500 mg'],
  },
  {
    name: 'Vid Roja',
    source: 'extracto de hoja de vid roja (Vitis vinifera L.)',
    benefit: 'La vid roja contribuye a una circulación venosa normal.',
    ranges: ['Circulación'],
    problems: ['Piernas cansadas'],
    forms: ['capsulas', 'gel', 'comprimidos'],
  },
  {
    name: 'Rusco',
    source: 'extracto de rizoma de rusco (Ruscus aculeatus L.)',
    benefit: 'El rusco ayuda a aligerar las piernas al final del día.',
    ranges: ['Circulación'],
    problems: ['Piernas cansadas', 'Retención de líquidos'],
    forms: ['capsulas', 'gel'],
  },
  {
    name: 'Espino Blanco',
    source: 'extracto de sumidad florida de espino blanco (Crataegus monogyna Jacq.)',
    benefit:
      'El espino blanco se ha utilizado tradicionalmente para mantener la calma y el bienestar cardiovascular.',
    ranges: ['Circulación', 'Descanso y Relax'],
    problems: ['Estrés y ansiedad', 'Colesterol'],
    forms: ['capsulas', 'gotas', 'infusion'],
  },
  {
    name: 'Omega 3',
    source: 'aceite de pescado concentrado en EPA y DHA',
    benefit: 'El DHA y el EPA contribuyen al funcionamiento normal del corazón.',
    ranges: ['Circulación', 'Energía y Vitalidad', 'Infantil'],
    problems: ['Colesterol', 'Falta de memoria'],
    forms: ['perlas', 'gominolas'],
    strengths: ['1000 mg'],
  },
  {
    name: 'Levadura de Arroz Rojo',
    source: 'levadura roja de arroz fermentado y coenzima Q10',
    benefit: 'Una fórmula para acompañar una dieta equilibrada y el cuidado del perfil lipídico.',
    ranges: ['Circulación'],
    problems: ['Colesterol'],
    forms: ['capsulas', 'comprimidos'],
  },
  {
    name: 'Ginseng',
    source: 'extracto de raíz de ginseng rojo coreano (Panax ginseng Meyer)',
    benefit: 'El ginseng contribuye a mantener la energía y la vitalidad.',
    ranges: ['Energía y Vitalidad'],
    problems: ['Cansancio', 'Falta de memoria'],
    forms: ['capsulas', 'viales', 'comprimidos'],
    strengths: ['500 mg', '1000 mg'],
  },
  {
    name: 'Jalea Real',
    source: 'jalea real fresca liofilizada',
    benefit: 'La jalea real es un alimento de la colmena tradicionalmente tomado en los cambios de estación.',
    ranges: ['Energía y Vitalidad', 'Infantil', 'Defensas'],
    problems: ['Cansancio', 'Defensas bajas'],
    forms: ['viales', 'capsulas', 'jarabe'],
    strengths: ['1000 mg', '1500 mg'],
  },
  {
    name: 'Rhodiola',
    source: 'extracto de raíz de rhodiola (Rhodiola rosea L.)',
    benefit: 'La rhodiola ayuda a mantener el rendimiento físico y mental en épocas de esfuerzo.',
    ranges: ['Energía y Vitalidad', 'Descanso y Relax'],
    problems: ['Cansancio', 'Estrés y ansiedad'],
    forms: ['capsulas', 'comprimidos'],
  },
  {
    name: 'Vitamina D3',
    source: 'vitamina D3 (colecalciferol) en aceite de oliva virgen',
    benefit:
      'La vitamina D contribuye al mantenimiento de los huesos y al funcionamiento del sistema inmunitario.',
    ranges: ['Defensas', 'Infantil', 'Articular'],
    problems: ['Defensas bajas', 'Dolor articular'],
    forms: ['gotas', 'perlas', 'spray', 'comprimidos'],
    strengths: ['1000 UI', '2000 UI', '4000 UI'],
  },
  {
    name: 'Vitamina B12',
    source: 'vitamina B12 (metilcobalamina) y ácido fólico',
    benefit: 'La vitamina B12 contribuye a disminuir el cansancio y la fatiga.',
    ranges: ['Energía y Vitalidad'],
    problems: ['Cansancio'],
    forms: ['comprimidos', 'spray', 'gotas'],
    strengths: ['500 µg', '1000 µg'],
  },
  {
    name: 'Ácido Hialurónico',
    source: 'ácido hialurónico de bajo peso molecular',
    benefit: 'Aporta hidratación y ayuda a mantener la elasticidad de la piel.',
    ranges: ['Belleza'],
    problems: ['Piel seca'],
    forms: ['serum', 'crema', 'capsulas'],
  },
  {
    name: 'Rosa Mosqueta',
    source: 'aceite de rosa mosqueta (Rosa rubiginosa L.) prensado en frío',
    benefit: 'El aceite de rosa mosqueta nutre y regenera la piel seca.',
    ranges: ['Belleza'],
    problems: ['Piel seca'],
    forms: ['aceite', 'crema', 'serum'],
  },
  {
    name: 'Aloe Vera',
    source: 'gel de aloe vera (Aloe barbadensis Mill.) de cultivo ecológico',
    benefit: 'El aloe vera calma e hidrata la piel.',
    ranges: ['Belleza', 'Digestivo'],
    problems: ['Piel seca', 'Digestiones pesadas'],
    forms: ['gel', 'crema'],
  },
  {
    name: 'Biotina',
    source: 'biotina, zinc, selenio y aminoácidos azufrados',
    benefit:
      'La biotina y el zinc contribuyen al mantenimiento del cabello y las uñas en condiciones normales.',
    ranges: ['Belleza'],
    problems: ['Caída del cabello'],
    forms: ['capsulas', 'comprimidos', 'champu'],
  },
  {
    name: 'Cola de Caballo',
    source: 'extracto de tallo de cola de caballo (Equisetum arvense L.) rico en silicio',
    benefit: 'La cola de caballo favorece la eliminación de líquidos y el cuidado del cabello y las uñas.',
    ranges: ['Urinario', 'Belleza', 'Control de Peso'],
    problems: ['Retención de líquidos', 'Caída del cabello'],
    forms: ['capsulas', 'comprimidos', 'infusion', 'gotas', 'champu'],
  },
  {
    name: 'Caléndula',
    source: 'extracto de flor de caléndula (Calendula officinalis L.)',
    benefit: 'La caléndula suaviza y protege las pieles sensibles.',
    ranges: ['Belleza', 'Infantil'],
    problems: ['Piel seca'],
    forms: ['crema', 'aceite'],
  },
  {
    name: 'Onagra',
    source: 'aceite de onagra (Oenothera biennis L.) rico en ácido gamma-linolénico',
    benefit: 'El aceite de onagra es un clásico del bienestar femenino a lo largo del ciclo.',
    ranges: ['Mujer', 'Belleza'],
    problems: ['Menopausia', 'Piel seca'],
    forms: ['perlas', 'capsulas'],
    strengths: ['500 mg', '1000 mg'],
  },
  {
    name: 'Isoflavonas de Soja',
    source: 'isoflavonas de soja no transgénica',
    benefit: 'Una fórmula pensada para acompañar a la mujer durante la menopausia.',
    ranges: ['Mujer'],
    problems: ['Menopausia'],
    forms: ['capsulas', 'comprimidos'],
    strengths: ['40 mg', '80 mg'],
  },
  {
    name: 'Salvia',
    source: 'extracto de hoja de salvia (Salvia officinalis L.)',
    benefit: 'La salvia se ha utilizado tradicionalmente para los sofocos de la menopausia.',
    ranges: ['Mujer'],
    problems: ['Menopausia'],
    forms: ['capsulas', 'infusion', 'comprimidos'],
  },
  {
    name: 'Hierro',
    source: 'hierro bisglicinato con vitamina C y ácido fólico',
    benefit: 'El hierro contribuye a disminuir el cansancio y la fatiga.',
    ranges: ['Mujer', 'Energía y Vitalidad'],
    problems: ['Cansancio'],
    forms: ['capsulas', 'viales', 'comprimidos'],
    strengths: ['14 mg', '30 mg'],
  },
  {
    name: 'Arándano Rojo',
    source: 'extracto de arándano rojo americano (Vaccinium macrocarpon Ait.) estandarizado en PAC',
    benefit: 'El arándano rojo contribuye al bienestar de las vías urinarias.',
    ranges: ['Urinario', 'Mujer'],
    problems: ['Cistitis'],
    forms: ['capsulas', 'sobres', 'comprimidos'],
    strengths: ['36 mg PAC', '120 mg PAC'],
  },
  {
    name: 'Ortosifón',
    source: 'extracto de hoja de ortosifón (Orthosiphon stamineus Benth.)',
    benefit: 'El ortosifón favorece la eliminación de líquidos del organismo.',
    ranges: ['Urinario', 'Control de Peso'],
    problems: ['Retención de líquidos', 'Sobrepeso', 'Cistitis'],
    forms: ['capsulas', 'viales', 'infusion'],
  },
  {
    name: 'Gayuba',
    source: 'extracto de hoja de gayuba (Arctostaphylos uva-ursi L.)',
    benefit: 'La gayuba se ha utilizado tradicionalmente para el cuidado de las vías urinarias.',
    ranges: ['Urinario'],
    problems: ['Cistitis'],
    forms: ['capsulas', 'infusion', 'medicamento'],
  },
  {
    name: 'Té Verde',
    source: 'extracto de hoja de té verde (Camellia sinensis L.) estandarizado en catequinas',
    benefit: 'El té verde acompaña una dieta equilibrada y la actividad física en el control del peso.',
    ranges: ['Control de Peso', 'Energía y Vitalidad'],
    problems: ['Sobrepeso', 'Cansancio'],
    forms: ['capsulas', 'infusion', 'viales'],
  },
  {
    name: 'Glucomanano',
    source: 'glucomanano de konjac (Amorphophallus konjac)',
    benefit: 'El glucomanano, en el contexto de una dieta baja en calorías, contribuye a la pérdida de peso.',
    ranges: ['Control de Peso'],
    problems: ['Sobrepeso', 'Estreñimiento'],
    forms: ['capsulas', 'sobres'],
  },
  {
    name: 'Tomillo',
    source: 'extracto de tomillo (Thymus vulgaris L.), miel y malvavisco',
    benefit: 'El tomillo suaviza la garganta y resulta reconfortante en los días de frío.',
    ranges: ['Respiratorio', 'Infantil'],
    problems: ['Tos', 'Resfriado y gripe'],
    forms: ['jarabe', 'pastillas', 'infusion'],
  },
  {
    name: 'Eucalipto',
    source: 'aceite esencial de eucalipto (Eucalyptus globulus Labill.) y mentol',
    benefit: 'El eucalipto aporta una agradable sensación de respiración despejada.',
    ranges: ['Respiratorio'],
    problems: ['Resfriado y gripe', 'Tos'],
    forms: ['pastillas', 'spray', 'aceite'],
  },
  {
    name: 'Hiedra',
    source: 'extracto seco de hoja de hiedra (Hedera helix L.)',
    benefit: 'La hiedra se ha utilizado tradicionalmente en los meses de invierno.',
    ranges: ['Respiratorio', 'Infantil'],
    problems: ['Tos'],
    forms: ['jarabe', 'medicamento', 'pastillas'],
  },
  {
    name: 'Llantén',
    source: 'extracto de hoja de llantén (Plantago lanceolata L.) y flor de malva',
    benefit: 'El llantén suaviza la garganta y la mucosa bucal.',
    ranges: ['Respiratorio'],
    problems: ['Tos'],
    forms: ['jarabe', 'pastillas'],
  },
];

/** Spanish first names, with the pharmacist's title ('Ldo.' or 'Lda.'). */
export const FIRST_NAMES = [
  ['Javier', 'Ldo.'],
  ['Carmen', 'Lda.'],
  ['Antonio', 'Ldo.'],
  ['Lucía', 'Lda.'],
  ['Manuel', 'Ldo.'],
  ['María José', 'Lda.'],
  ['Francisco', 'Ldo.'],
  ['Isabel', 'Lda.'],
  ['David', 'Ldo.'],
  ['Elena', 'Lda.'],
  ['Jorge', 'Ldo.'],
  ['Pilar', 'Lda.'],
  ['Alberto', 'Ldo.'],
  ['Marta', 'Lda.'],
  ['Pablo', 'Ldo.'],
  ['Cristina', 'Lda.'],
  ['Miguel Ángel', 'Ldo.'],
  ['Rocío', 'Lda.'],
  ['Sergio', 'Ldo.'],
  ['Beatriz', 'Lda.'],
  ['Raúl', 'Ldo.'],
  ['Nuria', 'Lda.'],
  ['Álvaro', 'Ldo.'],
  ['Raquel', 'Lda.'],
] as const;

export const SURNAMES = [
  'García',
  'Martínez',
  'López',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
  'Méndez',
  'Cruz',
  'Calvo',
  'Gallego',
  'Vidal',
  'León',
  'Herrera',
  'Peña',
  'Aguirre',
  'Etxeberria',
  'Fernández',
  'Rodríguez',
] as const;

/** A city where a pharmacy can be: province, postal code prefix, phone prefix and CIF province digits. */
export interface PlaceWords {
  city: string;
  province: string;
  /** First two digits of the province's postal codes (and of its CIFs). */
  postalPrefix: string;
  /** Landline prefix, '91' or '985'. */
  phonePrefix: string;
  /** Sales zone of the city. */
  zone: SalesZone;
}

export const SALES_ZONES = [
  'Madrid y Centro',
  'Cataluña y Baleares',
  'Andalucía',
  'Levante y Murcia',
  'Norte',
  'Castilla y León y Aragón',
] as const;

export type SalesZone = (typeof SALES_ZONES)[number];

export const PLACES: readonly PlaceWords[] = [
  { city: 'Madrid', province: 'Madrid', postalPrefix: '28', phonePrefix: '91', zone: 'Madrid y Centro' },
  {
    city: 'Alcalá de Henares',
    province: 'Madrid',
    postalPrefix: '28',
    phonePrefix: '91',
    zone: 'Madrid y Centro',
  },
  { city: 'Toledo', province: 'Toledo', postalPrefix: '45', phonePrefix: '925', zone: 'Madrid y Centro' },
  {
    city: 'Barcelona',
    province: 'Barcelona',
    postalPrefix: '08',
    phonePrefix: '93',
    zone: 'Cataluña y Baleares',
  },
  { city: 'Girona', province: 'Girona', postalPrefix: '17', phonePrefix: '972', zone: 'Cataluña y Baleares' },
  {
    city: 'Palma',
    province: 'Illes Balears',
    postalPrefix: '07',
    phonePrefix: '971',
    zone: 'Cataluña y Baleares',
  },
  { city: 'Sevilla', province: 'Sevilla', postalPrefix: '41', phonePrefix: '95', zone: 'Andalucía' },
  { city: 'Málaga', province: 'Málaga', postalPrefix: '29', phonePrefix: '952', zone: 'Andalucía' },
  { city: 'Granada', province: 'Granada', postalPrefix: '18', phonePrefix: '958', zone: 'Andalucía' },
  { city: 'Valencia', province: 'Valencia', postalPrefix: '46', phonePrefix: '96', zone: 'Levante y Murcia' },
  {
    city: 'Alicante',
    province: 'Alicante',
    postalPrefix: '03',
    phonePrefix: '965',
    zone: 'Levante y Murcia',
  },
  { city: 'Murcia', province: 'Murcia', postalPrefix: '30', phonePrefix: '968', zone: 'Levante y Murcia' },
  { city: 'Bilbao', province: 'Bizkaia', postalPrefix: '48', phonePrefix: '94', zone: 'Norte' },
  { city: 'Oviedo', province: 'Asturias', postalPrefix: '33', phonePrefix: '985', zone: 'Norte' },
  { city: 'Santander', province: 'Cantabria', postalPrefix: '39', phonePrefix: '942', zone: 'Norte' },
  { city: 'A Coruña', province: 'A Coruña', postalPrefix: '15', phonePrefix: '981', zone: 'Norte' },
  { city: 'Pamplona', province: 'Navarra', postalPrefix: '31', phonePrefix: '948', zone: 'Norte' },
  {
    city: 'Valladolid',
    province: 'Valladolid',
    postalPrefix: '47',
    phonePrefix: '983',
    zone: 'Castilla y León y Aragón',
  },
  {
    city: 'Salamanca',
    province: 'Salamanca',
    postalPrefix: '37',
    phonePrefix: '923',
    zone: 'Castilla y León y Aragón',
  },
  {
    city: 'Zaragoza',
    province: 'Zaragoza',
    postalPrefix: '50',
    phonePrefix: '976',
    zone: 'Castilla y León y Aragón',
  },
];

export const STREETS = [
  'Calle Mayor',
  'Calle Real',
  'Avenida de la Constitución',
  'Plaza de España',
  'Calle Gran Vía',
  'Avenida de Andalucía',
  'Calle San Francisco',
  'Paseo de la Estación',
  'Calle del Carmen',
  'Avenida de América',
  'Calle Alfonso XIII',
  'Plaza del Ayuntamiento',
  'Calle de la Paz',
  'Avenida del Puerto',
  'Calle Doctor Fleming',
  'Rambla Nova',
  'Calle Colón',
  'Avenida de Madrid',
] as const;

/** Remarks pharmacies leave on orders. */
export const ORDER_NOTES = [
  'Entregar por la mañana, por favor.',
  'Cerramos a mediodía de 14:00 a 17:00.',
  'Si falta algún producto, enviar el resto.',
  'Pedido para la campaña de otoño.',
  'Llamar antes de entregar.',
  'Dejar en el almacén de la trastienda.',
] as const;
