/**
 * The Spanish words of the demo training content: the laboratory's plants (what the webinars,
 * materials and news are about), its speakers, and the titles of the year's webinars and news.
 * Food-supplement and traditional-use language, after the EMA/HMPC monographs: no medical claims.
 */

/** A plant the laboratory works with. */
export interface PlantWords {
  /** Common name, also the word that finds its products in the catalogue. */
  name: string;
  /** The name with its article, as a sentence uses it: 'la valeriana', 'el castaño de Indias'. */
  the: string;
  latin: string;
  /** The part used, without article ('raíz', 'rizoma'). */
  part: string;
  components: string;
  /** Traditional use, as the HMPC monograph words it. */
  use: string;
  advice: string;
  caution: string;
  /** Material filter tags (slugs of MATERIAL_TAGS). */
  tags: readonly string[];
  hue: number;
}

export const PLANTS = [
  {
    name: 'Valeriana',
    the: 'la valeriana',
    latin: 'Valeriana officinalis L.',
    part: 'raíz',
    components: 'ácidos valerénicos, valepotriatos y aceite esencial',
    use: 'uso tradicional para aliviar la tensión nerviosa leve y ayudar a conciliar el sueño',
    advice:
      'tomarla de media a una hora antes de acostarse y valorar el efecto tras dos a cuatro semanas de uso continuado',
    caution:
      'no combinar con alcohol ni con sedantes sin consejo profesional; no se recomienda en menores de 12 años',
    tags: ['sueno-estres', 'monografia'],
    hue: 260,
  },
  {
    name: 'Pasiflora',
    the: 'la pasiflora',
    latin: 'Passiflora incarnata L.',
    part: 'parte aérea',
    components: 'flavonoides (vitexina, isovitexina) y maltol',
    use: 'uso tradicional para aliviar los síntomas leves de estrés mental y ayudar a dormir',
    advice: 'asociarla a valeriana o melisa en fórmulas nocturnas y recordar la higiene del sueño',
    caution: 'puede potenciar el efecto de otros sedantes; evitar durante el embarazo y la lactancia',
    tags: ['sueno-estres', 'consejo-farmaceutico'],
    hue: 275,
  },
  {
    name: 'Melisa',
    the: 'la melisa',
    latin: 'Melissa officinalis L.',
    part: 'hoja',
    components: 'ácido rosmarínico, citral y citronelal',
    use: 'uso tradicional para el alivio de los síntomas leves de estrés y de las molestias digestivas leves',
    advice:
      'ofrecerla en infusión o extracto seco cuando el cliente describe nerviosismo con molestias digestivas',
    caution: 'precaución con tratamientos tiroideos; consultar si se toman otros sedantes',
    tags: ['sueno-estres', 'digestivo'],
    hue: 95,
  },
  {
    name: 'Equinácea',
    the: 'la equinácea',
    latin: 'Echinacea purpurea (L.) Moench',
    part: 'parte aérea florida y raíz',
    components: 'alquilamidas, ácido chicórico y polisacáridos',
    use: 'uso para la prevención y el tratamiento a corto plazo del resfriado común',
    advice: 'empezar con los primeros síntomas y no prolongar el uso más de diez días seguidos',
    caution: 'no en enfermedades autoinmunes ni en alergia a las compuestas (asteráceas)',
    tags: ['defensas', 'evidencia-clinica'],
    hue: 330,
  },
  {
    name: 'Própolis',
    the: 'el própolis',
    latin: 'propóleo de Apis mellifera',
    part: 'resina recogida por las abejas',
    components: 'flavonoides (galangina, pinocembrina) y ácidos fenólicos',
    use: 'uso tradicional en molestias leves de garganta y boca',
    advice: 'preguntar siempre por alergias a productos de la colmena antes de recomendarlo',
    caution: 'contraindicado en alergia al polen, la miel o los productos de la colmena',
    tags: ['defensas', 'infantil'],
    hue: 35,
  },
  {
    name: 'Cúrcuma',
    the: 'la cúrcuma',
    latin: 'Curcuma longa L.',
    part: 'rizoma',
    components: 'curcuminoides y aceite esencial (turmeronas)',
    use: 'uso tradicional para aliviar molestias digestivas leves como la sensación de plenitud',
    advice: 'elegir formas con biodisponibilidad mejorada y tomarla con las comidas',
    caution: 'evitar en obstrucción biliar; precaución con anticoagulantes',
    tags: ['articular', 'digestivo', 'interacciones'],
    hue: 40,
  },
  {
    name: 'Harpagofito',
    the: 'el harpagofito',
    latin: 'Harpagophytum procumbens DC.',
    part: 'raíz secundaria tuberizada',
    components: 'iridoides (harpagósido)',
    use: 'uso tradicional para el alivio del dolor articular menor',
    advice: 'orientar el consejo junto a la actividad física suave y el control del peso',
    caution: 'no en úlcera gastroduodenal; precaución con anticoagulantes',
    tags: ['articular', 'interacciones'],
    hue: 20,
  },
  {
    name: 'Arándano rojo',
    the: 'el arándano rojo',
    latin: 'Vaccinium macrocarpon Aiton',
    part: 'fruto',
    components: 'proantocianidinas de tipo A',
    use: 'uso como complemento para el bienestar de las vías urinarias',
    advice: 'recomendar una ingesta de líquidos suficiente y derivar ante fiebre o dolor lumbar',
    caution: 'precaución con warfarina; no sustituye al tratamiento de una infección',
    tags: ['mujer', 'evidencia-clinica'],
    hue: 350,
  },
  {
    name: 'Ginkgo',
    the: 'el ginkgo',
    latin: 'Ginkgo biloba L.',
    part: 'hoja',
    components: 'flavonoides y terpenolactonas (ginkgólidos, bilobálido)',
    use: 'uso tradicional para el alivio de la sensación de piernas pesadas y manos y pies fríos',
    advice: 'usar extractos estandarizados y valorar el efecto a partir de las seis semanas',
    caution: 'suspender antes de una cirugía; precaución con anticoagulantes y antiagregantes',
    tags: ['circulacion', 'interacciones'],
    hue: 70,
  },
  {
    name: 'Castaño de Indias',
    the: 'el castaño de Indias',
    latin: 'Aesculus hippocastanum L.',
    part: 'semilla',
    components: 'escina (saponinas triterpénicas)',
    use: 'uso para aliviar la sensación de pesadez y las molestias de la insuficiencia venosa crónica',
    advice: 'acompañar el consejo de medidas posturales y medias de compresión cuando proceda',
    caution: 'no en insuficiencia renal; puede causar molestias gástricas',
    tags: ['circulacion', 'monografia'],
    hue: 15,
  },
  {
    name: 'Ashwagandha',
    the: 'la ashwagandha',
    latin: 'Withania somnifera (L.) Dunal',
    part: 'raíz',
    components: 'withanólidos y alcaloides',
    use: 'uso tradicional ayurvédico como adaptógeno en situaciones de cansancio y estrés',
    advice: 'proponer ciclos de ocho a doce semanas y revisar la medicación habitual',
    caution: 'no en embarazo ni en hipertiroidismo; precaución con inmunosupresores',
    tags: ['sueno-estres', 'interacciones'],
    hue: 30,
  },
  {
    name: 'Saúco',
    the: 'el saúco',
    latin: 'Sambucus nigra L.',
    part: 'flor y fruto',
    components: 'flavonoides, antocianos y ácidos fenólicos',
    use: 'uso tradicional para el alivio de los síntomas iniciales del resfriado',
    advice: 'formato en jarabe para niños a partir de la edad que indique el producto',
    caution: 'las bayas crudas no deben consumirse; usar solo preparados',
    tags: ['defensas', 'infantil'],
    hue: 280,
  },
] as const satisfies readonly PlantWords[];

/** The material filter's tags. */
export const MATERIAL_TAGS = [
  { slug: 'sueno-estres', name: 'Sueño y estrés' },
  { slug: 'defensas', name: 'Defensas' },
  { slug: 'digestivo', name: 'Digestivo' },
  { slug: 'articular', name: 'Articular' },
  { slug: 'circulacion', name: 'Circulación' },
  { slug: 'mujer', name: 'Mujer' },
  { slug: 'infantil', name: 'Infantil' },
  { slug: 'monografia', name: 'Monografía' },
  { slug: 'evidencia-clinica', name: 'Evidencia clínica' },
  { slug: 'interacciones', name: 'Interacciones' },
  { slug: 'consejo-farmaceutico', name: 'Consejo farmacéutico' },
] as const;

/** The speakers of the webinars. */
export const SPEAKERS = [
  {
    name: 'Dra. Lucía Ferrer Aranda',
    title: 'Doctora en Farmacia, profesora de Farmacognosia (Universidad de Granada)',
  },
  {
    name: 'Dr. Javier Ortega Llinás',
    title: 'Farmacéutico comunitario y vocal de Plantas Medicinales del COF de Valencia',
  },
  { name: 'Marta Sanz Quiroga', title: 'Responsable de I+D del laboratorio' },
  { name: 'Dra. Carmen Ibáñez Roldán', title: 'Médica de familia, experta en fitoterapia clínica' },
  { name: 'Alberto Pineda Gil', title: 'Técnico de cultivo y cosecha del laboratorio' },
  { name: 'Dra. Elena Mora Castells', title: 'Farmacéutica especialista en nutrición y dietética' },
] as const;

/** The year's webinars: a plant, a title and a topic (past ones first, oldest to newest). */
export const WEBINAR_TOPICS = [
  {
    plant: 'Equinácea',
    title: 'Equinácea: qué dice la evidencia sobre el resfriado común',
    topic: 'Defensas',
  },
  {
    plant: 'Valeriana',
    title: 'Valeriana y pasiflora: el consejo nocturno en el mostrador',
    topic: 'Sueño y estrés',
  },
  { plant: 'Cúrcuma', title: 'Cúrcuma: biodisponibilidad y formas farmacéuticas', topic: 'Digestivo' },
  { plant: 'Harpagofito', title: 'Harpagofito y el dolor articular menor', topic: 'Articular' },
  {
    plant: 'Castaño de Indias',
    title: 'Piernas cansadas en verano: castaño de Indias y rusco',
    topic: 'Circulación',
  },
  { plant: 'Arándano rojo', title: 'Arándano rojo: proantocianidinas y bienestar urinario', topic: 'Mujer' },
  { plant: 'Melisa', title: 'Melisa: entre el estrés y la digestión', topic: 'Sueño y estrés' },
  { plant: 'Ginkgo', title: 'Ginkgo biloba: extractos estandarizados e interacciones', topic: 'Circulación' },
  {
    plant: 'Própolis',
    title: 'Própolis en la farmacia: calidad, alergias y uso infantil',
    topic: 'Defensas',
  },
  { plant: 'Ashwagandha', title: 'Adaptógenos: ashwagandha con rigor', topic: 'Sueño y estrés' },
  { plant: 'Saúco', title: 'Saúco: del remedio tradicional al jarabe estandarizado', topic: 'Defensas' },
  { plant: 'Pasiflora', title: 'Pasiflora: ansiedad leve y consejo seguro', topic: 'Sueño y estrés' },
  { plant: 'Equinácea', title: 'Campaña de otoño: defensas y consejo preventivo', topic: 'Defensas' },
  { plant: 'Valeriana', title: 'Insomnio ocasional: cuándo derivar al médico', topic: 'Sueño y estrés' },
  // Upcoming.
  {
    plant: 'Cúrcuma',
    title: 'Cúrcuma y jengibre: molestias digestivas tras las comidas',
    topic: 'Digestivo',
  },
  {
    plant: 'Ginkgo',
    title: 'Interacciones de plantas medicinales con anticoagulantes',
    topic: 'Interacciones',
  },
  {
    plant: 'Harpagofito',
    title: 'Deporte y articulaciones: el consejo para el cliente activo',
    topic: 'Articular',
  },
  { plant: 'Arándano rojo', title: 'Salud femenina: menopausia y fitoterapia', topic: 'Mujer' },
  { plant: 'Própolis', title: 'Infancia y plantas medicinales: dosis y seguridad', topic: 'Infantil' },
  {
    plant: 'Ashwagandha',
    title: 'Cansancio y vuelta a la rutina: vitaminas, minerales y adaptógenos',
    topic: 'Energía',
  },
] as const;

/** The year's news: a plant for the picture, a category, a title and an excerpt. */
export const NEWS = [
  {
    plant: 'Valeriana',
    category: 'Laboratorio',
    title: 'Comienza la cosecha de valeriana en nuestros campos de Soria',
    excerpt:
      'Este año la raíz llega con un contenido en ácidos valerénicos por encima de la media de las últimas campañas.',
  },
  {
    plant: 'Equinácea',
    category: 'Investigación',
    title: 'Nuevo estudio sobre equinácea y resfriado común',
    excerpt:
      'Una revisión de ensayos clínicos confirma su interés en la prevención a corto plazo del resfriado.',
  },
  {
    plant: 'Cúrcuma',
    category: 'Producto',
    title: 'Renovamos la fórmula de nuestra cúrcuma con mayor biodisponibilidad',
    excerpt:
      'La nueva forma micelar multiplica la absorción de curcuminoides frente al extracto convencional.',
  },
  {
    plant: 'Melisa',
    category: 'Formación',
    title: 'Más de 1.200 farmacéuticos en el ciclo de webinars de primavera',
    excerpt:
      'El ciclo dedicado al sueño y al estrés ha sido el más seguido desde que empezamos la formación en línea.',
  },
  {
    plant: 'Arándano rojo',
    category: 'Investigación',
    title: 'Proantocianidinas tipo A: por qué importa la dosis',
    excerpt: 'Explicamos cómo se mide la cantidad de PAC y qué significa en la etiqueta de un complemento.',
  },
  {
    plant: 'Ginkgo',
    category: 'Regulación',
    title: 'La EMA actualiza la monografía del ginkgo',
    excerpt: 'El comité de medicamentos a base de plantas revisa las precauciones con anticoagulantes.',
  },
  {
    plant: 'Harpagofito',
    category: 'Producto',
    title: 'Harpagofito Forte, ahora en envase de 90 cápsulas',
    excerpt: 'Atendiendo a las farmacias, el formato grande estará disponible a partir del mes que viene.',
  },
  {
    plant: 'Própolis',
    category: 'Laboratorio',
    title: 'Así controlamos la calidad del própolis',
    excerpt:
      'Cada lote se analiza para flavonoides totales, metales pesados y residuos antes de su liberación.',
  },
  {
    plant: 'Pasiflora',
    category: 'Consejo',
    title: 'Cinco preguntas antes de recomendar una planta para dormir',
    excerpt:
      'Una guía rápida para el mostrador: medicación habitual, duración del problema y señales de alarma.',
  },
  {
    plant: 'Castaño de Indias',
    category: 'Consejo',
    title: 'Campaña de verano: piernas cansadas',
    excerpt: 'Material para el escaparate y un argumentario para acompañar la recomendación en la farmacia.',
  },
  {
    plant: 'Ashwagandha',
    category: 'Investigación',
    title: 'Ashwagandha: lo que sabemos y lo que no',
    excerpt: 'Repasamos los estudios disponibles sobre estrés y cansancio, y sus limitaciones.',
  },
  {
    plant: 'Saúco',
    category: 'Producto',
    title: 'Llega el jarabe infantil de saúco y própolis',
    excerpt: 'Sin alcohol y con sabor a frutos rojos, pensado para los más pequeños a partir de tres años.',
  },
  {
    plant: 'Equinácea',
    category: 'Laboratorio',
    title: 'Nuestros cultivos de equinácea obtienen la certificación ecológica',
    excerpt: 'Las parcelas de Navarra completan los tres años de conversión al cultivo ecológico.',
  },
  {
    plant: 'Melisa',
    category: 'Sostenibilidad',
    title: 'Envases con un 60 % menos de plástico',
    excerpt: 'Los frascos de la gama Descanso pasan a vidrio reciclado y tapas de origen vegetal.',
  },
  {
    plant: 'Valeriana',
    category: 'Formación',
    title: 'Abrimos las inscripciones del curso de fitoterapia para farmacias',
    excerpt: 'Ocho sesiones en directo, material descargable y certificado de asistencia.',
  },
  {
    plant: 'Cúrcuma',
    category: 'Consejo',
    title: 'Interacciones frecuentes de las plantas medicinales',
    excerpt: 'Una tabla de consulta rápida con las combinaciones que conviene revisar en el mostrador.',
  },
  {
    plant: 'Arándano rojo',
    category: 'Laboratorio',
    title: 'Visita a nuestro laboratorio de control de calidad',
    excerpt: 'Abrimos las puertas a un grupo de farmacéuticos de Castilla y León para conocer el proceso.',
  },
  {
    plant: 'Ginkgo',
    category: 'Regulación',
    title: 'Complementos alimenticios: qué cambia en el etiquetado',
    excerpt: 'Resumimos las novedades normativas y cómo afectan a la información que ve el cliente.',
  },
  {
    plant: 'Harpagofito',
    category: 'Formación',
    title: 'Premio a la mejor farmacia en consejo fitoterapéutico',
    excerpt: 'La Farmacia Albéniz de Zaragoza gana la tercera edición del reconocimiento.',
  },
  {
    plant: 'Própolis',
    category: 'Producto',
    title: 'Nuevo spray bucal de própolis sin azúcares',
    excerpt: 'Una fórmula con extracto de própolis y malva, pensada para las molestias leves de garganta.',
  },
] as const;
