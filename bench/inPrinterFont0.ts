// A sample template with every text in the printer's font 0 ("Printer 0"), which the ZPL writer sends as ^A0 fields: the benches' cheapest ZPL text.

/** `template` (a template's JSON) with each text element's font family "Printer 0"; other elements as they are. */
export function inPrinterFont0(template: unknown): unknown {
  const { elements, ...rest } = template as { elements: Record<string, unknown>[] };
  return {
    ...rest,
    elements: elements.map((element) =>
      element.type === 'text'
        ? { ...element, style: { ...(element.style as object), fontFamily: 'Printer 0' } }
        : element,
    ),
  };
}
