import fc from "fast-check";

/*
 * Generated values for fuzzing the /api contract (decision 0045): a zod schema read as a fast-check arbitrary that
 * gives bodies of the right shape most of the time (so calls get past the schema and into the handlers) and, field by
 * field, wrong types, odd Unicode, huge strings and deep nesting the rest of the time.
 */

interface Def {
  type: string;
  [key: string]: unknown;
}

interface Schema {
  _zod: { def: Def };
}

const defOf = (schema: unknown): Def => (schema as Schema)._zod.def;

/** Values from the running platform that a field of that name takes (a real basket token, a store's id). */
export type Dictionary = Readonly<Record<string, readonly unknown[]>>;

export interface SchemaArbitraryOptions {
  dictionary?: Dictionary;
  /** How often (out of 10) a field gets a value of the wrong kind rather than one of its own shape. */
  wrongOutOf10?: number;
}

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202egnp.exe",
  "\ufeffBOM",
  "🍕🍔🍟",
  "👩‍👩‍👧‍👦",
  "ẞİıǅ",
  "Z̴̡̪͎͉̈́͋a̵l̷g̸o̵",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x1F",
  "__proto__",
  "constructor",
  "toString",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  "%00",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "\r\nSet-Cookie: x=1",
  "${7*7}{{7*7}}",
  "SW1A 1AA",
  "sw1a1aa",
  "2025-02-30T25:61:00Z",
  "9999-12-31T23:59:59.999Z",
] as const;

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
] as const;

/** A value nested `depth` deep, as arrays or objects. */
export function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = asObject ? {} : [];
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme-composite", maxLength: 20 }), weight: 2 },
  // Long enough to pass any field's maximum, short enough to stay under the body limit.
  { arbitrary: fc.integer({ min: 256, max: 20_000 }).map((n) => "ü".repeat(n)), weight: 1 },
);

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of the wrong kind for almost any field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddString, weight: 4 },
  { arbitrary: oddNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  {
    arbitrary: fc.constant(
      JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}') as unknown,
    ),
    weight: 1,
  },
  {
    arbitrary: fc
      .integer({ min: 20, max: 2_000 })
      .chain((depth) => fc.boolean().map((asObject) => nested(depth, asObject))),
    weight: 1,
  },
);

interface Checks {
  min?: number;
  max?: number;
  int: boolean;
  format?: string;
  pattern?: RegExp;
}

function checksOf(def: Def): Checks {
  const checks: Checks = { int: false };
  if (typeof def.format === "string") checks.format = def.format;
  if (def.pattern instanceof RegExp) checks.pattern = def.pattern;
  for (const check of (def.checks as Schema[] | undefined) ?? []) {
    const c = defOf(check) as Def & {
      check: string;
      minimum?: number;
      maximum?: number;
      value?: number;
      inclusive?: boolean;
      format?: string;
      pattern?: RegExp;
    };
    if (c.check === "min_length" || c.check === "length_equals")
      checks.min = c.minimum ?? (c as { length?: number }).length;
    if (c.check === "max_length" || c.check === "length_equals")
      checks.max = c.maximum ?? (c as { length?: number }).length;
    if (c.check === "greater_than" && typeof c.value === "number") checks.min = c.inclusive ? c.value : c.value + 1;
    if (c.check === "less_than" && typeof c.value === "number") checks.max = c.inclusive ? c.value : c.value - 1;
    if (c.check === "number_format") checks.int = c.format !== undefined && /int/.test(c.format);
    if (c.check === "string_format") {
      checks.format = c.format;
      if (c.pattern instanceof RegExp) checks.pattern = c.pattern;
    }
  }
  return checks;
}

function stringOf(checks: Checks): fc.Arbitrary<string> {
  if (checks.format === "email") return fc.emailAddress();
  if (checks.format === "url") return fc.webUrl();
  if (checks.format === "uuid" || checks.format === "guid") return fc.uuid();
  if (checks.pattern && checks.format === "regex") {
    const min = checks.min ?? 0;
    const max = checks.max ?? Number.MAX_SAFE_INTEGER;
    return fc.stringMatching(checks.pattern).filter((s) => s.length >= min && s.length <= max);
  }
  if (checks.pattern) return fc.stringMatching(checks.pattern);
  const minLength = checks.min ?? 0;
  const maxLength = Math.max(minLength, Math.min(checks.max ?? 40, minLength + 40));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: "grapheme", minLength, maxLength }));
}

function numberOf(checks: Checks, coerce: boolean): fc.Arbitrary<number | string> {
  const min = Math.max(checks.min ?? -1_000_000, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(checks.max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  const low = Math.max(min, Math.min(max, -2));
  // Small whole numbers most often: they are the ids the seed has.
  const numbers: fc.Arbitrary<number> = checks.int
    ? fc.oneof(
        { arbitrary: fc.integer({ min: low, max: Math.max(low, Math.min(max, 40)) }), weight: 3 },
        { arbitrary: fc.integer({ min, max }), weight: 1 },
      )
    : fc.oneof(
        fc.integer({ min: Math.ceil(low), max: Math.floor(Math.max(low, Math.min(max, 40))) }),
        fc.double({ min, max, noNaN: true }),
      );
  return coerce ? fc.oneof(numbers, numbers.map(String)) : numbers;
}

/**
 * An arbitrary for values of `schema`'s shape: each field of its own kind most of the time, of the wrong kind the
 * rest, missing where the schema allows, and now and then with extra fields it does not know.
 */
export function schemaArbitrary(schema: unknown, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const dictionary = options.dictionary ?? {};
  const wrong = options.wrongOutOf10 ?? 1;
  const memo = new Map<unknown, fc.Arbitrary<unknown>>();

  function field(s: unknown, depth: number): fc.Arbitrary<unknown> {
    const own = shaped(s, depth);
    return wrong > 0 ? fc.oneof({ arbitrary: own, weight: 10 - wrong }, { arbitrary: wrongValue, weight: wrong }) : own;
  }

  function shaped(s: unknown, depth: number): fc.Arbitrary<unknown> {
    const known = memo.get(s);
    if (known) return known;
    const made = make(s, depth);
    memo.set(s, made);
    return made;
  }

  function make(s: unknown, depth: number): fc.Arbitrary<unknown> {
    const def = defOf(s);
    if (depth > 8) return fc.jsonValue({ maxDepth: 1 });
    switch (def.type) {
      case "string":
        return stringOf(checksOf(def));
      case "number":
      case "int":
        return numberOf(checksOf(def), Boolean(def.coerce));
      case "bigint":
        return fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String);
      case "boolean":
        return def.coerce ? fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "1", "0", "")) : fc.boolean();
      case "date":
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      case "null":
        return fc.constant(null);
      case "undefined":
      case "void":
        return fc.constant(undefined);
      case "enum":
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case "literal":
        return fc.constantFrom(...(def.values as unknown[]));
      case "optional":
        return fc.option(field(def.innerType, depth), { nil: undefined, freq: 4 });
      case "nullable":
        return fc.option(field(def.innerType, depth), { nil: null, freq: 4 });
      case "default":
      case "prefault":
        return fc.option(field(def.innerType, depth), { nil: undefined, freq: 3 });
      case "readonly":
      case "catch":
      case "nonoptional":
      case "success":
        return shaped(def.innerType, depth);
      case "lazy":
        return shaped((def.getter as () => unknown)(), depth + 1);
      case "pipe": {
        const input = defOf(def.in);
        return shaped(input.type === "transform" ? def.out : def.in, depth);
      }
      case "union":
        return fc.oneof(...(def.options as unknown[]).map((o) => shaped(o, depth)));
      case "intersection":
        return fc
          .tuple(shaped(def.left, depth), shaped(def.right, depth))
          .map(([a, b]) => (a && b && typeof a === "object" && typeof b === "object" ? { ...a, ...b } : a));
      case "array": {
        const checks = checksOf(def);
        const minLength = checks.min ?? 0;
        return fc.array(field(def.element, depth + 1), {
          minLength,
          maxLength: Math.max(minLength, Math.min(checks.max ?? 4, minLength + 4)),
        });
      }
      case "tuple":
        return fc.tuple(...(def.items as unknown[]).map((i) => field(i, depth + 1)));
      case "record":
        return fc.dictionary(
          fc.oneof(shaped(def.keyType, depth + 1).map(String), oddString),
          field(def.valueType, depth + 1),
          { maxKeys: 4 },
        );
      case "object": {
        const shape = def.shape as Record<string, unknown>;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, child] of Object.entries(shape)) {
          const own = field(child, depth + 1);
          const known = dictionary[key];
          model[key] = known?.length
            ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 2 }, { arbitrary: own, weight: 3 })
            : own;
        }
        const keys = Object.keys(shape);
        // Required fields are left out now and then, and unknown ones added.
        const body = fc.record(model, { requiredKeys: keys.filter((k) => !isOptional(shape[k])) });
        return fc.oneof(
          { arbitrary: body, weight: 8 },
          { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
          {
            arbitrary: fc
              .tuple(body, fc.dictionary(oddString, wrongValue, { minKeys: 1, maxKeys: 3 }))
              .map(([b, extra]) => ({ ...extra, ...(b as object) })),
            weight: 1,
          },
        );
      }
      default:
        // unknown, any, custom, transform, map, set …: any JSON value.
        return fc.jsonValue({ maxDepth: 3 });
    }
  }

  return field(schema, 0);
}

function isOptional(schema: unknown): boolean {
  const type = defOf(schema).type;
  return type === "optional" || type === "default" || type === "prefault";
}
