// A conveyor's next parcel: the sample's data with its own recipient and reference, for benches that stream renders.

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
