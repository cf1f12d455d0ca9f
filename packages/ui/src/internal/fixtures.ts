/**
 * Demo data for the stories and tests: a small herbal catalogue with drawn product images
 * (inline SVG, so nothing is fetched). Not part of the public API.
 */
import type { Discount } from '@botica/domain';
import type { CartItem, Product, SearchHit } from '../types.ts';

function packshot(kind: 'bottle' | 'jar' | 'box' | 'dropper', colour: string, label: string): string {
  const shapes = {
    bottle: `<rect x="78" y="34" width="44" height="22" rx="5" fill="#3d4a42"/><path d="M70 60h60a10 10 0 0 1 10 10v96a12 12 0 0 1-12 12H72a12 12 0 0 1-12-12V70a10 10 0 0 1 10-10Z" fill="${colour}"/><rect x="66" y="92" width="68" height="52" rx="4" fill="#fbf8f1"/>`,
    jar: `<rect x="56" y="50" width="88" height="20" rx="6" fill="#3d4a42"/><rect x="50" y="68" width="100" height="108" rx="16" fill="${colour}"/><rect x="58" y="96" width="84" height="52" rx="4" fill="#fbf8f1"/>`,
    box: `<path d="M48 52 100 38l52 14v118l-52 14-52-14Z" fill="${colour}"/><path d="M100 38v146" stroke="#00000022" stroke-width="2"/><rect x="56" y="92" width="38" height="50" rx="3" fill="#fbf8f1"/><rect x="106" y="92" width="38" height="50" rx="3" fill="#fbf8f1" opacity=".85"/>`,
    dropper: `<rect x="88" y="22" width="24" height="30" rx="10" fill="#3d4a42"/><rect x="84" y="50" width="32" height="14" rx="3" fill="#6b5a3c"/><path d="M74 64h52a8 8 0 0 1 8 8v100a10 10 0 0 1-10 10H76a10 10 0 0 1-10-10V72a8 8 0 0 1 8-8Z" fill="${colour}"/><rect x="72" y="98" width="56" height="50" rx="4" fill="#fbf8f1"/>`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200"><rect width="200" height="200" fill="#ffffff"/><ellipse cx="100" cy="184" rx="56" ry="6" fill="#00000014"/>${shapes[kind]}<text x="100" y="124" font-family="Georgia,serif" font-size="13" fill="#24402f" text-anchor="middle">${label}</text><path d="M92 108c0-6 4-10 10-10-1 6-4 9-10 10Z" fill="#5f8f74"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function images(kind: 'bottle' | 'jar' | 'box' | 'dropper', colour: string, label: string) {
  const url = packshot(kind, colour, label);
  return { thumbnail: url, miniproduct: url, full: url };
}

export const products: Product[] = [
  {
    id: 101,
    name: 'Equinácea Complex 60 cápsulas',
    reference: 'BT-1001',
    format: '60 cápsulas vegetales',
    price: 12.9,
    final_price: 10.95,
    image: images('bottle', '#7d5ba6', 'Equinácea'),
    stock: 140,
  },
  {
    id: 102,
    name: 'Valeriana y Pasiflora Noche',
    reference: 'BT-1002',
    format: '30 comprimidos',
    price: 9.5,
    image: images('box', '#3f5f9a', 'Valeriana'),
    stock: 6,
  },
  {
    id: 103,
    name: 'Aceite de Árbol del Té Puro',
    reference: 'BT-2040',
    format: '15 ml',
    price: 7.25,
    final_price: 6.9,
    image: images('dropper', '#8a6a2b', 'Árbol del té'),
    stock: 52,
  },
  {
    id: 104,
    name: 'Cúrcuma con Pimienta Negra',
    reference: 'BT-3310',
    format: '90 cápsulas',
    price: 18.4,
    image: images('jar', '#d08a1e', 'Cúrcuma'),
    stock: 0,
  },
  {
    id: 105,
    name: 'Jalea Real Fresca con Própolis y Vitamina C — Defensas Infantiles Sabor Fresa',
    reference: 'BT-4102',
    format: '20 viales bebibles de 10 ml',
    price: 21.75,
    final_price: 19.5,
    image: images('box', '#c9485b', 'Jalea real'),
    stock: 33,
  },
  {
    id: 106,
    name: 'Melatonina 1,9 mg Sublingual',
    reference: 'BT-5007',
    format: '60 comprimidos',
    price: 8.6,
    image: null,
    stock: null,
  },
];

export const searchHits: SearchHit[] = products.map((product) => ({
  id: product.id,
  name: product.name,
  reference: product.reference,
  image: { miniproduct: product.image?.miniproduct ?? null },
}));

const [equinacea, valeriana, arbolDelTe, , jalea] = products as [Product, Product, Product, Product, Product];

function cartProduct(product: Product, vat_rate: 4 | 10 | 21) {
  return {
    id: product.id,
    name: product.name,
    reference: product.reference,
    format: product.format ?? null,
    price: product.price,
    final_price: product.final_price ?? null,
    image: product.image ?? null,
    vat_rate,
  };
}

/** A cart of four lines (VAT 4, 10 and 21 %) worth 163,40 € before discounts. */
export const cartItems: CartItem[] = [
  { product: cartProduct(equinacea, 10), quantity: 6 },
  { product: cartProduct(valeriana, 10), quantity: 4 },
  { product: cartProduct(arbolDelTe, 21), quantity: 3 },
  { product: cartProduct(jalea, 4), quantity: 2 },
];

/** A small cart, well below a 150 € minimum. */
export const smallCartItems: CartItem[] = [
  { product: cartProduct(equinacea, 10), quantity: 3 },
  { product: cartProduct(arbolDelTe, 21), quantity: 2 },
];

export const discounts: Discount[] = [{ group_name: 'Farmacias Red Verde', discount_percent: 5 }];
