// A small validator for the OpenAPI 3.0 schema subset the emulator's description uses (test helper).

type Schema = Record<string, unknown>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Returns the problems found (empty when the value conforms); extra object properties are problems too. */
export function validate(doc: Schema, schema: Schema, value: unknown, path = '$'): string[] {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const components = doc.components;
    const schemas = isRecord(components) ? components.schemas : undefined;
    const target = isRecord(schemas) ? schemas[name] : undefined;
    return isRecord(target) ? validate(doc, target, value, path) : [`${path}: unresolved ${ref}`];
  }
  if (value === null) return schema.nullable === true ? [] : [`${path}: null not allowed`];
  const type = schema.type;
  const problems: string[] = [];
  if (type === 'object') {
    if (!isRecord(value)) return [`${path}: not an object`];
    const props = isRecord(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    for (const r of required) if (!(String(r) in value)) problems.push(`${path}.${String(r)}: missing`);
    for (const [k, v] of Object.entries(value)) {
      const p = props[k];
      if (!isRecord(p)) problems.push(`${path}.${k}: not in the schema`);
      else problems.push(...validate(doc, p, v, `${path}.${k}`));
    }
    return problems;
  }
  if (type === 'array') {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    const items = isRecord(schema.items) ? schema.items : {};
    value.forEach((v, i) => problems.push(...validate(doc, items, v, `${path}[${i}]`)));
    return problems;
  }
  if (type === 'string') {
    if (typeof value !== 'string') return [`${path}: not a string`];
    if (Array.isArray(schema.enum) && !schema.enum.includes(value))
      problems.push(`${path}: '${value}' not in enum`);
    if (schema.format === 'date-time' && !TIMESTAMP.test(value))
      problems.push(`${path}: '${value}' not a timestamp`);
    if (schema.format === 'uuid' && !UUID.test(value)) problems.push(`${path}: '${value}' not a uuid`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
      problems.push(`${path}: '${value}' does not match`);
    return problems;
  }
  if (type === 'integer' || type === 'number') {
    if (typeof value !== 'number' || (type === 'integer' && !Number.isInteger(value)))
      return [`${path}: not ${String(type)}`];
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: above maximum`);
    return problems;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
  return [];
}

/** The JSON schema of a path's 200 answer in the description. */
export function responseSchema(doc: Schema, path: string): Schema {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const op = isRecord(paths[path]) ? paths[path] : {};
  const get = isRecord(op.get) ? op.get : {};
  const responses = isRecord(get.responses) ? get.responses : {};
  const ok = isRecord(responses['200']) ? responses['200'] : {};
  const content = isRecord(ok.content) ? ok.content : {};
  const json = isRecord(content['application/json']) ? content['application/json'] : {};
  if (!isRecord(json.schema)) throw new Error(`no 200 JSON schema for ${path}`);
  return json.schema;
}
