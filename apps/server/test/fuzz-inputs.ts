/** A small seeded generator (mulberry32): the same seed gives the same cases on every run. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    int: (below: number) => Math.floor(next() * below),
  };
}
export type Random = ReturnType<typeof seeded>;

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const SOME_ID = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';
/** A UUID made from the generator, so the cases stay reproducible. */
const fixedUuid = (random: Random) =>
  'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => random.int(16).toString(16));

/** Text no database column should ever see, or that a careless parser trips on. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'lone \udfff end',
  '',
  ' ',
  'x'.repeat(10_000),
  '-1',
  '0',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999',
  '-9223372036854775809',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  '{"$gt":""}',
  '00000000-0000-0000-0000-000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '2026-02-31',
  '2026-01-01T00:00:00+99:00',
  '+256 772 000000',
  '😀',
  'Ünïcödé ñame',
] as const;

/** Cursors a client could craft: ids that are no UUID, impossible times, trailing NULs, wrong sorts. */
export const HOSTILE_CURSORS = [
  b64('2026-01-01T00:00:00.000Z|not-a-uuid'),
  b64(`2026-01-01T00:00:00+99|${SOME_ID}`),
  b64(`2026-01-01T00:00:00.000Z|${SOME_ID}\u0000`),
  b64(`9999-99-99T99:99:99Z|${SOME_ID}`),
  b64(JSON.stringify(['newest', '2026-01-01T00:00:00+99', SOME_ID])),
  b64(JSON.stringify(['price_asc', 1e300, '------------------------------------'])),
  b64(JSON.stringify(['name', 'Lamp\u0000', SOME_ID])),
  b64('[[[[[[[[[['),
  '!!!not base64!!!',
  '99999999999999999999',
  '-1',
];

export const HOSTILE_NUMBERS = [-1, 0, 1.5, 1e308, -1e308, 2 ** 53, 2 ** 63, -(2 ** 31) - 1] as const;

/** A path segment, already percent-encoded: some are bytes no UTF-8 decoder accepts. */
export function hostileSegment(random: Random): string {
  const raw = ['%00', 'abc%00', '%ED%A0%80', '%FF%FE', '%', '%25', '..', '%2e%2e', '%20'];
  if (random.chance(0.3)) return random.pick(raw);
  if (random.chance(0.3)) return fixedUuid(random);
  const value = random.pick(HOSTILE_STRINGS);
  // encodeURIComponent refuses lone surrogates: send their (invalid) UTF-8 bytes instead.
  return /[\ud800-\udfff]/.test(value) && !/[\ud800-\udbff][\udc00-\udfff]/.test(value)
    ? '%ED%A0%80'
    : encodeURIComponent(value) || 'x';
}

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};

export function resolver(components: Record<string, Schema>) {
  return function resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
    }
    return current;
  };
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

/** A value the schema would accept, as far as the schema says (refinements it cannot express aside). */
export function plausible(schema: Schema, resolve: (s?: Schema) => Schema, random: Random, depth = 0): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return random.pick(s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return plausible(random.pick(options), resolve, random, depth + 1);
  if (s.allOf?.length) return plausible(s.allOf[0]!, resolve, random, depth + 1);
  switch (typeOf(s)) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || random.chance(0.5))
          body[key] = plausible(property, resolve, random, depth + 1);
      }
      return body;
    }
    case 'array':
      return [plausible(s.items ?? {}, resolve, random, depth + 1)];
    case 'integer':
      return Math.max(s.minimum ?? 1, 1);
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return random.chance(0.5);
    case 'string':
      if (s.format === 'uuid') return fixedUuid(random);
      if (s.format === 'email') return 'fuzz@example.ug';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'Fuzz'.padEnd(Math.max(s.minLength ?? 0, 4), 'z');
    default:
      return 'fuzz';
  }
}

/** A value of the wrong kind, or the right kind with a hostile value. */
export function hostileValue(random: Random): unknown {
  const roll = random.next();
  if (roll < 0.5) return random.pick(HOSTILE_STRINGS);
  if (roll < 0.7) return random.pick(HOSTILE_NUMBERS);
  return random.pick([
    null,
    true,
    [],
    {},
    [random.pick(HOSTILE_STRINGS)],
    { nested: '\u0000' },
    JSON.parse('{"__proto__":{"isAdmin":true}}'),
  ]);
}

/** A plausible body with one to three things broken: a field replaced, a required one dropped, one added, or the whole of it. */
export function hostileBody(schema: Schema, resolve: (s?: Schema) => Schema, random: Random): unknown {
  if (random.chance(0.15)) return hostileValue(random);
  const body = plausible(schema, resolve, random);
  if (!body || typeof body !== 'object' || Array.isArray(body)) return random.chance(0.5) ? hostileValue(random) : body;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(resolve(schema).properties ?? {});
  for (let i = 1 + random.int(3); i > 0; i--) {
    const roll = random.next();
    if (roll < 0.6 && keys.length) record[random.pick(keys)] = hostileValue(random);
    else if (roll < 0.8 && keys.length) delete record[random.pick(keys)];
    else record[random.pick(['extra', '\u0000', 'constructor', 'x'.repeat(300)])] = hostileValue(random);
  }
  return record;
}
