// A conveyor's next parcel: the sample's data with its own recipient and reference, for benches that stream renders.

/**
 * Where the load generator writes each request's parcel number (LoadTarget.parcelNumbers): seven digits, the next at
 * every request, so each parcel's texts are its own and still fit their boxes as a real recipient's do. autocannon's
 * own `[<id>]` (a 24-character hyperid) makes the recipient's name, street and reference overflow and shrink: a
 * label of another kind, where every text is laid out at several sizes.
 */
export const PARCEL_NUMBER = '[<parcel>]';

/**
 * The sample's data with `id` in the recipient's name and street and in the order reference, as each parcel of a
 * stream has its own: what a worker keeps between renders (a heading, the sender) is found, a parcel's own texts are
 * drawn anew. The tracking number stays: a long id would not fit its barcode's box.
 */
export function parcelOfItsOwn(data: Record<string, unknown>, id: string): Record<string, unknown> {
  const recipient = data.recipient as Record<string, unknown>;
  return {
    ...data,
    recipient: { ...recipient, name: `${String(recipient.name)} ${id}`, street: `${String(recipient.street)} ${id}` },
    reference: `${String(data.reference)} ${id}`,
  };
}
