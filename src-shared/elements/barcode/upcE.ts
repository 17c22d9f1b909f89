// UPC-E's six digits written out as the UPC-A manufacturer and product codes they stand for (zero suppression undone).

/**
 * Zebra's ^B9 takes the ten digits of the UPC-A form (five of manufacturer, five of product) and suppresses the
 * zeros itself; it prints number system 0 only. `value` is what bwip-js accepted: number system, six digits and an
 * optional check digit. Undefined for number system 1, which the caller draws from the layout's modules instead.
 */
export function expandUpcE(value: string): string | undefined {
  if (!/^0\d{6,7}$/.test(value)) return undefined;
  const [d1, d2, d3, d4, d5, d6] = [...value.slice(1, 7)] as [string, string, string, string, string, string];
  switch (d6) {
    case '0':
    case '1':
    case '2':
      return `${d1}${d2}${d6}00` + `00${d3}${d4}${d5}`;
    case '3':
      return `${d1}${d2}${d3}00` + `000${d4}${d5}`;
    case '4':
      return `${d1}${d2}${d3}${d4}0` + `0000${d5}`;
    default:
      return `${d1}${d2}${d3}${d4}${d5}` + `0000${d6}`;
  }
}

/**
 * The reverse of expandUpcE: UPC-A manufacturer and product codes (ten digits, number system 0) as UPC-E's six digits,
 * or undefined when the zeros are not where UPC-E can suppress them.
 */
export function compressUpcA(tenDigits: string): string | undefined {
  if (!/^\d{10}$/.test(tenDigits)) return undefined;
  const manufacturer = tenDigits.slice(0, 5);
  const product = tenDigits.slice(5);
  const [m1, m2, m3] = [...manufacturer] as [string, string, string];
  if (/^[012]00$/.test(manufacturer.slice(2)) && product.startsWith('00')) return `${m1}${m2}${product.slice(2)}${m3}`;
  if (manufacturer.endsWith('00') && product.startsWith('000'))
    return `${manufacturer.slice(0, 3)}${product.slice(3)}3`;
  if (manufacturer.endsWith('0') && product.startsWith('0000'))
    return `${manufacturer.slice(0, 4)}${product.slice(4)}4`;
  if (product.startsWith('0000') && /[5-9]$/.test(product)) return `${manufacturer}${product.slice(4)}`;
  return undefined;
}
