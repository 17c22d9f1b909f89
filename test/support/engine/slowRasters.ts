// A PNG render that stays for seconds or minutes inside one native resvg call: what only a worker process's kill stops.

/**
 * `count` filled rounded boxes over a square label of `sideIn` inches, as a PNG at 600 dpi: resvg fills each box over
 * the whole pixmap in one native call (4 in: 5.8 million pixels, seconds; 13 in: 61 million, within the raster limit,
 * far over the 10 s time limit).
 */
export function roundedBoxesPng(sideIn: number, count = 1000) {
  return {
    template: {
      formatVersion: 1,
      meta: { name: 'Stuck' },
      dimensions: { width: `${sideIn}in`, height: `${sideIn}in` },
      elements: Array.from({ length: count }, (_, index) => ({
        id: `box${index}`,
        type: 'rect',
        position: { mode: 'absolute', x: '0mm', y: '0mm' },
        width: `${sideIn}in`,
        height: `${sideIn}in`,
        style: { fill: index % 2 === 0 ? '#000000' : '#ffffff', cornerRadius: '5mm' },
      })),
    },
    data: {},
    format: 'png' as const,
    dpi: 600,
  };
}
