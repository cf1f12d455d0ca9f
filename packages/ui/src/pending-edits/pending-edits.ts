/**
 * Edits the pharmacist has made on screen but a field has not handed on yet: a quantity waiting for
 * its 500 ms pause, a number typed into a product card and not committed. Every such field registers
 * its pending edit here while it has one; an action that reads what the fields hold ('Añadir',
 * 'ENVIAR PEDIDO', leaving the page, logging out) first calls `flushPendingEdits()`, which hands every
 * pending edit on at once, synchronously, so the action never uses a value older than the screen.
 */

type Flush = () => void;

const pending = new Set<Flush>();

/**
 * Registers a pending edit; `flush` hands it on (calls the field's `onChange`) and must unregister
 * it (or call the returned function). Returns the function that unregisters it.
 * @example const done = registerPendingEdit(() => { done(); onChange(draft); });
 */
export function registerPendingEdit(flush: Flush): () => void {
  pending.add(flush);
  return () => {
    pending.delete(flush);
  };
}

/**
 * Hands on every pending edit now, in the order they were made; resolves nothing, returns once every
 * field's `onChange` has run. Returns how many edits it handed on.
 * @example flushPendingEdits(); await addToCart(product, quantityRef.current);
 */
export function flushPendingEdits(): number {
  const edits = [...pending];
  pending.clear();
  for (const flush of edits) flush();
  return edits.length;
}

/** Whether any field holds an edit not handed on yet. */
export function hasPendingEdits(): boolean {
  return pending.size > 0;
}
