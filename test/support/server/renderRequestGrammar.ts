// The render request grammar of the fuzz tests: bodies for POST /v1/render, each field mostly valid, sometimes of the wrong type or out of range.
import fc from 'fast-check';

/** The statuses and codes a render request may be answered with (spec section 7). */
export const CODES_BY_STATUS: Record<number, string[]> = {
  400: ['BAD_REQUEST', 'INVALID_TEMPLATE', 'INVALID_BARCODE_DATA'],
  401: ['AUTH_REQUIRED'],
  403: ['FORBIDDEN'],
  404: ['NOT_FOUND'],
  413: ['PAYLOAD_TOO_LARGE'],
  429: ['RATE_LIMITED', 'QUOTA_EXCEEDED'],
  502: ['RENDER_ERROR'],
};

/**
 * Any JSON value. Keys named "__proto__" (fast-check makes them often) are left out here: the body parser refuses
 * them wherever they are (hostileInput.test.ts checks that), so they would only hide every other outcome.
 */
const json = fc.jsonValue({ maxDepth: 2 }).filter((value) => !JSON.stringify(value).includes('"__proto__"'));
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
  json,
);

/** Mostly a value of `valid`, now and then one of `invalid`. */
function mostly<T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>, weight = 10): fc.Arbitrary<T | U> {
  return fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: invalid });
}

/** An optional field: absent, or mostly valid. */
function optional<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.option(value, { nil: undefined, freq: 2 });
}

const length = mostly(
  fc.constantFrom('5mm', '10mm', '25mm', '1in', '40pt', '2cm', '96px', '0.5in'),
  fc.oneof(
    fc.constantFrom('0mm', '-3mm', '1001mm', '2000mm', '1e400mm', 'NaNmm', '10', 'mm', '10 mm', '10MM', '', '1e-9mm'),
    junk,
  ),
);
const position = mostly(
  fc.record({ mode: mostly(fc.constant('absolute'), fc.constantFrom('relative', 'flow')), x: length, y: length }),
  junk,
  20,
);

/** Expressions: literals, names, members, helper calls and operators (mostly well formed), and raw character soup. */
const { expression } = fc.letrec<{ expression: string }>((tie) => ({
  expression: fc.oneof(
    { maxDepth: 3, depthSize: 'small' },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "'abc'",
        '"x"',
        "''",
        '0',
        '42',
        '-1',
        '1e308',
        '3.5',
        'true',
        'false',
        'null',
        '[1, 2]',
        "['a', 'b']",
      ),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'name',
        'sku',
        'price',
        'items',
        'data',
        'missing',
        'x',
        'this',
        'process',
        'constructor',
        '__proto__',
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          tie('expression'),
          fc.constantFrom(
            '.name',
            '.length',
            '[0]',
            "['x']",
            '.a.b.c',
            '.__proto__',
            '.constructor',
            "['__pro' + 'to__']",
          ),
        )
        .map(([target, member]) => `${target}${member}`),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'upper',
            'lower',
            'trim',
            'padStart',
            'padEnd',
            'substring',
            'replace',
            'split',
            'join',
            'concat',
            'len',
            'default',
            'number',
            'string',
            'round',
            'floor',
            'ceil',
            'abs',
            'min',
            'max',
            'formatNumber',
            'formatCurrency',
            'now',
            'formatDate',
            'addDays',
            'startsWith',
            'endsWith',
            'contains',
            'eval',
            'require',
          ),
          fc.array(tie('expression'), { maxLength: 3 }),
        )
        .map(([helper, args]) => `${helper}(${args.join(', ')})`),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          tie('expression'),
          fc.constantFrom('+', '-', '*', '/', '%', '==', '===', '!=', '<', '>=', '&&', '||', '??', '='),
          tie('expression'),
        )
        .map(([left, operator, right]) => `${left} ${operator} ${right}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tie('expression'), tie('expression'), tie('expression'))
        .map(([test, yes, no]) => `${test} ? ${yes} : ${no}`),
    },
    { weight: 1, arbitrary: tie('expression').map((inner) => `(${inner})`) },
    { weight: 1, arbitrary: tie('expression').map((inner) => `!${inner}`) },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.constantFrom(
          'a',
          'data',
          '.',
          '(',
          ')',
          '[',
          ']',
          '+',
          '-',
          '*',
          "'",
          '"',
          '`',
          '1',
          ' ',
          ',',
          '?',
          ':',
          '!',
          '=>',
          '{',
          '}',
          '\\',
          'upper',
        ),
        maxLength: 12,
      }),
    },
  ),
}));

const color = mostly(
  fc.constantFrom('#000000', '#ff0000', '#FFFFFF', '#336699'),
  fc.oneof(fc.constantFrom('red', '#fff', '#00000g', ''), junk),
);
const textStyle = fc.record(
  {
    fontSize: optional(mostly(fc.constantFrom('6pt', '10pt', '14pt', '3mm'), length)),
    fontWeight: optional(mostly(fc.constantFrom('normal', 'bold'), fc.constantFrom('heavy', 700))),
    fontFamily: optional(
      mostly(fc.constantFrom('Helvetica', 'Times', 'Courier', 'Comic Sans', '../../etc/passwd'), junk),
    ),
    color: optional(color),
    textAlign: optional(mostly(fc.constantFrom('left', 'center', 'right'), fc.constant('justify'))),
    overflow: optional(mostly(fc.constantFrom('wrap', 'shrink'), fc.constant('visible'))),
    lineHeight: optional(
      mostly(fc.double({ min: 0.5, max: 5, noNaN: true }), fc.oneof(fc.constantFrom(0, -1, 99), junk)),
    ),
  },
  { requiredKeys: [] },
);
const shapeStyle = fc.record(
  {
    fill: optional(mostly(color, fc.constant('none'), 3)),
    stroke: optional(color),
    strokeWidth: optional(length),
    cornerRadius: optional(length),
  },
  { requiredKeys: [] },
);
/** Where a text, barcode or image takes its value from (the first present wins). */
const content = fc.oneof(
  fc.record({ content: fc.record({ expression }) }),
  fc.record({ contentExpression: expression }),
  fc.record({
    content: fc.record({
      text: mostly(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom('^XA~JR', '<script>x</script>', '4006381333931', 'x'.repeat(20_000)),
        ),
        junk,
      ),
    }),
  }),
);

export const SMALL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==';

/** What a fuzz test may narrow: the image sources, and the format, dpi and delivery (e.g. to keep runs cheap). */
export interface RenderRequestChoices {
  imageSrc?: fc.Arbitrary<string>;
  format?: fc.Arbitrary<unknown>;
  dpi?: fc.Arbitrary<unknown>;
  delivery?: fc.Arbitrary<unknown>;
}

/** Render request bodies; `templateId: 'slug'` stands for the tenant's published template. */
export function renderRequests(choices: RenderRequestChoices = {}): fc.Arbitrary<Record<string, unknown>> {
  const imageSrc =
    choices.imageSrc ??
    mostly(
      fc.constant(SMALL_PNG),
      fc.constantFrom(
        'data:image/png;base64,AAAA',
        'file:///etc/passwd',
        'http://127.0.0.1:1/x.png',
        '/etc/passwd',
        'data:image/svg+xml;base64,PHN2Zz4=',
      ),
    );
  const TYPE_FIELDS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
    text: fc.tuple(content, fc.record({ style: optional(textStyle) })).map(([value, rest]) => ({ ...value, ...rest })),
    barcode: fc
      .tuple(
        content,
        fc.record({
          symbology: mostly(
            fc.constantFrom(
              'code128',
              'qrcode',
              'ean13',
              'datamatrix',
              'pdf417',
              'azteccode',
              'code39',
              'itf14',
              'upce',
              'gs1-128',
            ),
            fc.constantFrom('nope', 'QR'),
          ),
          showText: optional(mostly(fc.boolean(), junk)),
        }),
      )
      .map(([value, rest]) => ({ ...value, ...rest })),
    image: fc.record({
      src: imageSrc,
      fit: optional(mostly(fc.constantFrom('contain', 'cover', 'fill'), fc.constant('stretch'))),
    }),
    line: fc.record({ style: optional(shapeStyle) }),
    rect: fc.record({ style: optional(shapeStyle) }),
    ellipse: fc.record({ style: optional(shapeStyle) }),
  };

  const element = fc
    .tuple(
      mostly(
        fc.constantFrom('text', 'barcode', 'image', 'line', 'rect', 'ellipse'),
        fc.constantFrom('script', 'TEXT', ''),
      ),
      fc.record({
        position,
        width: length,
        height: length,
        rotation: optional(mostly(fc.constantFrom(0, 90, 180, 45, -30, 360), fc.oneof(fc.constant(1e308), junk))),
        condition: optional(expression),
      }),
      mostly(fc.constant(undefined), junk, 20),
    )
    .chain(([type, common, extra]) =>
      (TYPE_FIELDS[type] ?? TYPE_FIELDS.rect ?? fc.constant({})).map((fields) => ({
        type,
        ...common,
        ...fields,
        ...(extra === undefined ? {} : { extra }),
      })),
    );

  const template = mostly(
    fc.record({
      formatVersion: mostly(fc.constant(1), fc.constantFrom(2, '1', 0), 20),
      meta: mostly(fc.record({ name: fc.string({ maxLength: 20 }) }), junk, 20),
      dimensions: mostly(fc.record({ width: length, height: length }), junk, 20),
      // Ids by position, now and then a duplicate or a wrong type.
      elements: fc
        .array(fc.tuple(element, mostly(fc.constant(undefined), fc.oneof(fc.constant('dup'), junk), 15)), {
          maxLength: 4,
        })
        .map((entries) =>
          entries.map(([fields, id], index) => ({ id: id === undefined ? `e${index}` : id, ...fields })),
        ),
    }),
    junk,
    20,
  );

  const dataValue = fc.oneof(
    fc.constantFrom(
      'Espresso',
      '4006381333931',
      '(01)09521234543213(10)ABC',
      '^XA^FDx^FS',
      '<b>"x"</b>',
      '',
      'x'.repeat(3000),
      '2025-06-15T12:00:00Z',
    ),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.double(),
    json,
  );
  const data = mostly(
    fc.dictionary(
      fc.constantFrom('name', 'sku', 'price', 'items', 'data', 'x', 'constructor', 'prototype', 'toString', 'valueOf'),
      dataValue,
      { maxKeys: 5 },
    ),
    junk,
    15,
  );

  /** The request: which of templateId and template it carries (mostly exactly one), and the other fields. */
  const body = fc
    .record({
      source: fc.oneof(
        { weight: 4, arbitrary: fc.constant('templateId') },
        { weight: 6, arbitrary: fc.constant('template') },
        { weight: 1, arbitrary: fc.constantFrom('both', 'neither') },
      ),
      templateId: mostly(
        fc.constant('slug'),
        fc.oneof(fc.constantFrom('nope', 'lib:tpl', '../x', '', 'x'.repeat(400)), junk),
        4,
      ),
      template,
      data: fc.option(data, { nil: undefined, freq: 30 }),
      format:
        choices.format ??
        mostly(fc.constantFrom('pdf', 'png', 'zpl', 'html'), fc.oneof(fc.constantFrom('PDF', 'svg', ''), junk), 25),
      dpi:
        choices.dpi ??
        optional(mostly(fc.constantFrom(50, 72, 96, 150, 203, 300), fc.constantFrom(0, 49, 601, 1.5, '300', -1, null))),
      zplDpi: optional(mostly(fc.constantFrom(203, 300, 600), fc.constantFrom(150, '203', null))),
      delivery:
        choices.delivery ?? optional(mostly(fc.constantFrom('url', 'inline'), fc.constantFrom('email', '', null))),
      unknownField: mostly(fc.constant(undefined), junk, 5),
    })
    .map(({ source, templateId, template: inline, ...rest }) => {
      const request: Record<string, unknown> = {};
      if (source === 'templateId' || source === 'both') request.templateId = templateId;
      if (source === 'template' || source === 'both') request.template = inline;
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) request[key] = value;
      return request;
    });
  return body;
}

/** Whose request it is: mostly the team's live key; a demo key (inline templates refused), no key, an unknown key. */
export const who = fc.oneof(
  { weight: 12, arbitrary: fc.constant('live') },
  { weight: 1, arbitrary: fc.constantFrom('demo', 'none', 'bogus') },
);
