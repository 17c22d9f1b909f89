// MaxiCode's structured carrier message (modes 2 and 3): read from the value, checked field by field, and written in Zebra's ^BD order.

const GS = '\u001d';

/** "[)>" RS "01" GS and the two-digit year of the ISO/IEC 15434 format 01 header that UPS messages open with. */
const HEADER = /^\[\)>\u001e01\u001d\d\d/;

export interface CarrierMessage {
  /** The ISO/IEC 15434 header, or empty when the message has none. */
  header: string;
  postalCode: string;
  /** ISO 3166 numeric country code, 3 digits. */
  country: string;
  /** The carrier's class of service, 3 digits. */
  serviceClass: string;
  /** Everything after the class of service (tracking number, carrier id…), its leading GS removed. */
  secondary: string;
}

/** The primary message of a value in the standard order (header, postal code GS country GS class GS …), or undefined when it is not one. */
function parseCarrierMessage(value: string): CarrierMessage | undefined {
  const header = HEADER.exec(value)?.[0] ?? '';
  const [postalCode, country, serviceClass, ...rest] = value.slice(header.length).split(GS);
  if (postalCode === undefined || country === undefined || serviceClass === undefined) return undefined;
  return { header, postalCode, country, serviceClass, secondary: rest.join(GS) };
}

/** Mode 2 for a numeric postal code, 3 for an alphanumeric one, 4 (standard symbol) for a value that is not a carrier message. */
export function defaultMaxiCodeMode(value: string): number {
  const message = HEADER.test(value) ? parseCarrierMessage(value) : undefined;
  if (!message) return 4;
  return /^\d+$/.test(message.postalCode) ? 2 : 3;
}

/** What is wrong with a carrier message for `mode`, as a problem and what to do; undefined when it is fine. */
export function carrierMessageProblem(value: string, mode: number): { problem: string; fix: string } | undefined {
  const message = parseCarrierMessage(value);
  const layout = `"[)>" RS "01" GS "96" postal code GS country GS class of service GS …, the fields separated by GS (\\u001d)`;
  if (!message)
    return {
      problem: `mode ${mode} needs the structured carrier message`,
      fix: `write the value as ${layout}, or use mode 4`,
    };
  if (mode === 2 && !/^\d{1,9}$/.test(message.postalCode)) {
    return {
      problem: `mode 2 takes a numeric postal code of 1 to 9 digits, not ${JSON.stringify(message.postalCode)}`,
      fix: 'use mode 3 for letters, or correct the postal code',
    };
  }
  if (mode === 3 && !/^[A-Z0-9 ]{1,6}$/.test(message.postalCode)) {
    return {
      problem: `mode 3 takes a postal code of 1 to 6 capital letters, digits or spaces, not ${JSON.stringify(message.postalCode)}`,
      fix: 'shorten or capitalise the postal code',
    };
  }
  if (!/^\d{3}$/.test(message.country))
    return {
      problem: `the country code ${JSON.stringify(message.country)} is not 3 digits`,
      fix: 'use the ISO 3166 numeric code, e.g. 840 for the USA',
    };
  if (!/^\d{3}$/.test(message.serviceClass))
    return {
      problem: `the class of service ${JSON.stringify(message.serviceClass)} is not 3 digits`,
      fix: "use the carrier's 3-digit service code",
    };
  return undefined;
}

/**
 * Zebra's ^BD mode 2/3 data: class of service, country, postal code (9 digits in mode 2, 6 characters in mode 3), then
 * the secondary message from the header on. Undefined when the postal code is not of that fixed length, which a printer
 * would pad and so encode differently.
 */
export function zebraCarrierData(value: string, mode: 2 | 3): string | undefined {
  const message = parseCarrierMessage(value);
  if (!message || message.postalCode.length !== (mode === 2 ? 9 : 6)) return undefined;
  return `${message.serviceClass}${message.country}${message.postalCode}${message.header}${message.secondary}`;
}

/** The inverse of zebraCarrierData: the message in the standard order bwip-js (and the layout) take. */
export function carrierMessageFromZebra(data: string, mode: number): string {
  const postalLength = mode === 2 ? 9 : 6;
  const service = data.slice(0, 3);
  const country = data.slice(3, 6);
  const postal = data.slice(6, 6 + postalLength);
  const secondary = data.slice(6 + postalLength);
  const header = HEADER.exec(secondary)?.[0] ?? '';
  return `${header}${postal}${GS}${country}${GS}${service}${GS}${secondary.slice(header.length)}`;
}

/** MaxiCode prints at a fixed size, 1.11 x 1.054 in (ISO/IEC 16023), whatever the resolution. */
export const MAXICODE_INCHES = { width: 1.11, height: 1.054 };
