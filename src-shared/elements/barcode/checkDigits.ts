// Check digits of the symbologies that carry a fixed one (GS1, ISBN, ISSN, PZN, Code 32): a value with it is verified, one without gets it computed.

/** The GS1 mod 10 check digit of a string of digits (weights 3 and 1 from the right). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((digit, index) => {
    sum += Number(digit) * (index % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}

/** Mod 11 with weights counting down to 2 from the right: ISBN-10 and ISSN ("X" stands for 10). */
function mod11Descending(digits: string): string {
  let sum = 0;
  [...digits].forEach((digit, index) => {
    sum += Number(digit) * (digits.length + 1 - index);
  });
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** PZN 8: weights 1 to 7 from the left, mod 11; a remainder of 10 is a number that is never issued. */
function pznCheckDigit(digits: string): string | undefined {
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index + 1), 0);
  return sum % 11 === 10 ? undefined : String(sum % 11);
}

/** Code 32 (Italian pharmacode): digits in even places doubled and their digit sums added, mod 10. */
function code32CheckDigit(digits: string): string {
  const sum = [...digits].reduce((total, digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    return total + Math.floor(value / 10) + (value % 10);
  }, 0);
  return String(sum % 10);
}

/** What the encoder gets (check digit computed where it was left out), or why the value cannot be used. */
export type CheckedValue = { value: string } | { problem: string; fix: string };

function wrongDigit(what: string, given: string, expected: string): CheckedValue {
  return {
    problem: `the ${what} check digit is ${given}, but the digits before it give ${expected}`,
    fix: `correct it to ${expected}, or leave it out to have it computed`,
  };
}

function badLength(what: string, lengths: string): CheckedValue {
  return { problem: `a ${what} is ${lengths}`, fix: 'check the value for missing or extra digits' };
}

/** A check digit over `body` compared with `given`, or the full value when it is missing. */
function compare(
  what: string,
  body: string,
  given: string | undefined,
  expected: string,
  build: (check: string) => string,
): CheckedValue {
  if (given !== undefined && given.toUpperCase() !== expected) return wrongDigit(what, given, expected);
  return { value: build(expected) };
}

/**
 * bwip-js wants ISBNs with dashes; their places do not change the symbol, so digits alone are given fixed ones. A 2- or
 * 5-digit add-on (a price) may follow after a space, as bwip-js takes it.
 */
function isbn(value: string): CheckedValue {
  const addOn = /\s(\d{2}|\d{5})$/.exec(value.trim());
  if (addOn) {
    const checked = isbn(value.trim().slice(0, addOn.index));
    return 'value' in checked ? { value: `${checked.value} ${addOn[1]}` } : checked;
  }
  const chars = value
    .replace(/^ISBN\s*/i, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (/^97[89]\d{9,10}$/.test(chars)) {
    const body = chars.slice(0, 12);
    return compare(
      'ISBN-13',
      body,
      chars[12],
      gs1CheckDigit(body),
      (check) => `${body.slice(0, 3)}-${body[3]}-${body.slice(4, 9)}-${body.slice(9)}-${check}`,
    );
  }
  if (/^\d{9}[\dX]?$/.test(chars)) {
    const body = chars.slice(0, 9);
    return compare(
      'ISBN-10',
      body,
      chars[9],
      mod11Descending(body),
      (check) => `${body[0]}-${body.slice(1, 6)}-${body.slice(6)}-${check}`,
    );
  }
  return badLength(
    'ISBN',
    '978 or 979 and 9 or 10 more digits (ISBN-13), or 9 or 10 characters (ISBN-10, last one a digit or X)',
  );
}

/**
 * bwip-js's ISSN forms: the number (its dash optional here), then, space-separated, a 2-digit sequence variant (bwip-js
 * takes 00 when it is left out) and a 2- or 5-digit add-on after it: "0311-175X", "0311-175X 00", "0311-175X 00 17".
 */
const ISSN_FORM = /^(?:ISSN\s*)?(\d{4})[\s-]?(\d{3})([\dX])?(?:\s+(\d{2})(?:\s+(\d{2}|\d{5}))?)?$/i;

function issn(value: string): CheckedValue {
  const form = ISSN_FORM.exec(value.trim());
  if (!form) {
    return badLength(
      'ISSN',
      '7 digits and a check character (a digit or X), then optionally a 2-digit sequence variant and a 2- or 5-digit add-on, each after a space ("0311-175X 00 17")',
    );
  }
  const [, first = '', second = '', given, sequence, addOn] = form;
  const body = first + second;
  const rest = sequence === undefined ? '' : ` ${sequence}${addOn === undefined ? '' : ` ${addOn}`}`;
  return compare('ISSN', body, given, mod11Descending(body), (check) => `${first}-${second}${check}${rest}`);
}

/** An element string of one fixed-length numeric AI whose last digit is a GS1 check digit: (01) GTIN-14 or (00) SSCC-18. */
function gs1Key(value: string, ai: '01' | '00', what: string): CheckedValue {
  const digits = value.replace(/[\s()]/g, '');
  const length = ai === '01' ? 14 : 18;
  // The AI is there when written in parentheses or when the digits are two more than the key's: a key may itself start with 00.
  const withAi =
    value.trim().startsWith(`(${ai})`) ||
    ((digits.length === length + 1 || digits.length === length + 2) && digits.startsWith(ai));
  const body = withAi ? digits.slice(2) : digits;
  if (!/^\d+$/.test(body) || (body.length !== length - 1 && body.length !== length)) {
    return badLength(what, `(${ai}) and ${length - 1} digits, or ${length} with the check digit`);
  }
  const head = body.slice(0, length - 1);
  return compare(what, head, body[length - 1], gs1CheckDigit(head), (check) => `(${ai})${head}${check}`);
}

/** DataBar and GS1 QR codes: the GTIN after a leading (01) is verified; 13 digits get the 14th; other AIs are the encoder's to check. */
function gtinFirst(value: string): CheckedValue {
  const gtin = /^\(01\)(\d+)/.exec(value.trim());
  if (!gtin?.[1]) return { value };
  const digits = gtin[1];
  const rest = value.trim().slice(gtin[0].length);
  if (digits.length !== 13 && digits.length !== 14)
    return badLength('GTIN in (01)', '13 digits, or 14 with the check digit');
  const head = digits.slice(0, 13);
  return compare('GTIN', head, digits[13], gs1CheckDigit(head), (check) => `(01)${head}${check}${rest}`);
}

function pzn(value: string): CheckedValue {
  const digits = value.replace(/^PZN\s*-?\s*/i, '').replace(/\s/g, '');
  // A 6-digit PZN (PZN 7 without its check digit) is the PZN 8 with a leading zero, and keeps its check digit.
  if (!/^\d{6,8}$/.test(digits))
    return badLength('PZN', '7 digits and a check digit (PZN 8; an old 6-digit one gets a leading 0)');
  const full = digits.length === 6 ? `0${digits}` : digits;
  const head = full.slice(0, 7);
  const expected = pznCheckDigit(head);
  if (expected === undefined)
    return { problem: `${head} gives a check remainder of 10: no PZN has these digits`, fix: 'check the number' };
  return compare('PZN', head, full[7], expected, (check) => `${head}${check}`);
}

function code32(value: string): CheckedValue {
  const digits = value.replace(/^A/i, '').replace(/\s/g, '');
  if (!/^\d{8,9}$/.test(digits)) return badLength('Code 32 (Italian pharmacode)', '8 digits and a check digit');
  const head = digits.slice(0, 8);
  return compare('Code 32', head, digits[8], code32CheckDigit(head), (check) => `${head}${check}`);
}

const CHECKERS: Partial<Record<string, (value: string) => CheckedValue>> = {
  isbn,
  issn,
  ean14: (value) => gs1Key(value, '01', 'EAN-14'),
  sscc18: (value) => gs1Key(value, '00', 'SSCC-18'),
  databaromni: gtinFirst,
  databarlimited: gtinFirst,
  databarstacked: gtinFirst,
  databarexpanded: gtinFirst,
  databarexpandedstacked: gtinFirst,
  gs1qrcode: gtinFirst,
  pzn,
  code32,
};

/** The value as the encoder takes it, its check digit verified or computed; symbologies without a fixed check digit pass as they are. */
export function checkValue(symbology: string, value: string): CheckedValue {
  return CHECKERS[symbology]?.(value) ?? { value };
}
