/** Minimal typings of the structured-data validator and extractor (the packages ship none). */
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrg: unknown);
    validate(extracted: unknown): Promise<unknown[]>;
    /** Handlers by schema.org type: each loads a class built with `{ path }` whose `validate(node)` returns findings. */
    registeredHandlers: Record<
      string,
      (() => Promise<{
        default: new (args: { path: unknown }) => { validate(node: Record<string, unknown>): unknown[] };
      }>)[]
    >;
  }
}

declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): unknown;
  }
}
