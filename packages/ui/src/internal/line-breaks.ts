/**
 * Layout checks for stories at narrow widths: which words or amounts the browser broke across
 * lines. A piece of text is broken when its characters sit on more than one line.
 */

/** How many lines a range of text covers (distinct tops of its boxes, to the pixel). */
function linesOf(range: Range): number {
  const tops = new Set(
    [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
  );
  return tops.size;
}

/**
 * The pieces of the text inside `root` that match `pattern` (global) and are split across lines.
 * @example brokenPieces(card, /\S+/g) // words cut mid-word, e.g. ['Ashwagandha']
 */
export function brokenPieces(root: Element, pattern: RegExp): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(pattern)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      if (linesOf(range) > 1) broken.push(match[0]);
    }
  }
  return broken;
}

/** How many lines an element's text takes. */
export function linesOfElement(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return linesOf(range);
}
