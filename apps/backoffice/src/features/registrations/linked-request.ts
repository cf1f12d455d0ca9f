/**
 * The request the address links to (`?request=12`, from the sales administration's e-mail): a
 * positive whole number, or null for anything else.
 * @example linkedRequestId('12') // 12
 */
export function linkedRequestId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
